import EarshotFeed
@testable import EarshotStore
import EarshotSync
import Foundation
import Testing

/// What sync keeps in SQLite: the outbox, waiting actions, sync addresses and places from other devices
/// (matched and decided by sync's rules over the store's reader, written by the store in one transaction).
@Suite("Store: the sync outbox, waiting actions and places")
struct StoreSyncTests {
    private func library() throws -> (TemporaryDirectory, Store, PodcastID) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a", "b"]), url: Sample.feedURL, validators: FeedValidators(), checkedAt: Date()).podcast
        return (directory, store, podcast)
    }

    private func play(_ episode: String, _ position: Int, at seconds: Double, guid: String? = nil) -> EpisodeAction {
        EpisodeAction(podcast: Sample.feedURL.absoluteString, episode: episode, guid: guid, kind: .play,
                      timestamp: Date(timeIntervalSinceReferenceDate: seconds), started: 0, position: position, total: 600)
    }

    @Test func theOutboxKeepsChangesOfEachKindInOrderWithTheirTimesUntilRemoved() throws {
        let (_, store, _) = try library()
        let action = play("https://cdn.example/a.mp3", 60, at: 1_000)
        try store.appendOutbox([.subscribed("https://x.example/feed"), .action(action), .unsubscribed("https://y.example/feed")])
        let entries = try store.outbox(limit: 10, actions: false)
        #expect(entries.map(\.change) == [.subscribed("https://x.example/feed"), .unsubscribed("https://y.example/feed")])
        #expect(try store.outbox(limit: 10, actions: true).map(\.change) == [.action(action)])
        #expect(try store.outbox(limit: 1, actions: false).map(\.change) == [.subscribed("https://x.example/feed")])
        try store.removeOutbox([entries[0].id, try store.outbox(limit: 10, actions: true)[0].id])
        #expect(try store.outboxCount() == 1)
    }

    @Test func episodesAreMatchedByGuidThenAddressThenNormalisedAddress() throws {
        let (_, store, podcast) = try library()
        let a = try store.episodeID(guid: "a", in: podcast), b = try store.episodeID(guid: "b", in: podcast)
        let found = try store.matchEpisodes([
            play("https://elsewhere.example/x.mp3", 1, at: 0, guid: "a"),
            play("https://cdn.example/b.mp3", 1, at: 0),
            play("https://cdn.example/%62.mp3", 1, at: 0),
            play("https://cdn.example/none.mp3", 1, at: 0),
        ], normalise: { $0.replacingOccurrences(of: "%62", with: "b") })
        #expect(found == [a, b, b, nil])
    }

    @Test func anAddressIsLookedForInTheActionsOwnPodcastFirstThenInEveryPodcast() throws {
        let (_, store, first) = try library()
        let other = URL(string: "https://other.example/feed.xml")!
        let second = try store.storeFeed(Sample.channel(["b", "c"]), url: other, validators: FeedValidators(), checkedAt: Date()).podcast
        let firstB = try store.episodeID(guid: "b", in: first), secondB = try store.episodeID(guid: "b", in: second)
        let secondC = try store.episodeID(guid: "c", in: second)
        func action(_ podcast: URL, _ episode: String) -> EpisodeAction {
            EpisodeAction(podcast: podcast.absoluteString, episode: "https://cdn.example/\(episode).mp3", kind: .play, timestamp: Date(), position: 1)
        }
        let found = try store.matchEpisodes([action(other, "b"), action(other, "c"), action(Sample.feedURL, "c"),
                                             action(URL(string: "https://unknown.example/feed")!, "b")], normalise: { $0 })
        #expect(found == [secondB, secondC, secondC, firstB])
    }

    @Test func aPlaceIsTakenOnlyWhenNewerThanTheEpisodesOwn() throws {
        let (_, store, podcast) = try library()
        let a = try store.episodeID(guid: "a", in: podcast), b = try store.episodeID(guid: "b", in: podcast)
        try store.saveProgress(of: a, position: 100, completed: false, at: Date(timeIntervalSinceReferenceDate: 5_000))
        let applied = try store.applyPlaces([(a, 200, false, Date(timeIntervalSinceReferenceDate: 4_000)),
                                             (b, 300, false, Date(timeIntervalSinceReferenceDate: 4_000))])
        #expect(applied == [b], "a was listened to here later")
        #expect(try store.episodeStatuses(of: podcast)[a]?.lastListenTime == 100)
        #expect(try store.applyPlaces([(a, 250, true, Date(timeIntervalSinceReferenceDate: 6_000))]) == [a])
        #expect(try store.episodeStatuses(of: podcast)[a]?.hasCompleted == true)
        #expect(try store.applyPlaces([(EpisodeID(rawValue: 999_999), 10, false, Date())]).isEmpty, "an episode that is gone is passed over")
        #expect(try store.applyPlaces([(b, 12.5, false, Date(timeIntervalSinceReferenceDate: 4_000.25))]) == [b], "a quarter second later is newer")
        #expect(try store.episodeStatuses(of: podcast)[b]?.lastListenTime == 12.5)
    }

    @Test func waitingActionsKeepTheNewestPerEpisode() throws {
        let (_, store, _) = try library()
        try store.savePending([play("https://cdn.example/n.mp3", 10, at: 2_000)])
        try store.savePending([play("https://cdn.example/n.mp3", 5, at: 1_000)])
        #expect(try store.pendingActions().map(\.position) == [10])
        try store.savePending([play("https://cdn.example/n.mp3", 20, at: 3_000)])
        #expect(try store.pendingActions().map(\.position) == [20])
        try store.removePending(try store.pendingActions())
        #expect(try store.pendingActions().isEmpty)
    }

    @Test func aPodcastKeepsItsSyncAddressWhenItsFeedMovesAndTakesTheServersRewrite() throws {
        let (_, store, podcast) = try library()
        #expect(try store.adoptSyncURLs() == [podcast: Sample.feedURL.absoluteString])
        try store.moveFeed(FeedID(rawValue: podcast.rawValue), to: URL(string: "https://new.example/feed.xml")!)
        #expect(try store.adoptSyncURLs() == [podcast: Sample.feedURL.absoluteString], "other devices know it by the old address")
        #expect(try store.podcastID(syncURL: Sample.feedURL.absoluteString) == podcast)
        try store.renameSyncURLs([Sample.feedURL.absoluteString: "https://clean.example/feed.xml"])
        #expect(try store.podcastID(syncURL: "https://clean.example/feed.xml") == podcast)
    }

    @Test func receivedActionsAreTakenWithTheCursorInOneTransaction() throws {
        let (_, store, podcast) = try library()
        let a = try store.episodeID(guid: "a", in: podcast)
        let rules = ReceivingRules(device: "desk", playing: { nil }, finished: { position, total in position >= (total ?? .infinity) },
                                   now: { Date(timeIntervalSinceReferenceDate: 10_000) })
        var own = play("https://cdn.example/b.mp3", 40, at: 3_000)
        own.device = "desk"
        let outcome = try store.receive([play("https://cdn.example/a.mp3", 120, at: 2_000), play("https://cdn.example/later.mp3", 10, at: 2_000), own],
                                        rules: rules, cursor: ("state.sync.actions-since", "77"))
        #expect(outcome == ReceivedOutcome(applied: [a], waiting: 1), "this device's own action is not taken back")
        #expect(try store.episodeStatuses(of: podcast)[a]?.lastListenTime == 120)
        #expect(try store.pendingActions().map(\.episode) == ["https://cdn.example/later.mp3"])
        #expect(try store.settings(for: nil)["state.sync.actions-since"] == "77")
    }
}

/// The store's old sync entry points, rebuilt from what replaced them: sync's matching and newest-wins
/// rule over the store's reader, and the store's bulk writes (the assertions above are unchanged).
extension Store {
    fileprivate func matchEpisodes(_ actions: [EpisodeAction], normalise: (String) -> String) throws -> [EpisodeID?] {
        try receiveActions { library in (SyncWrites(), try EpisodeMatching.match(actions, in: library, normalise: normalise)) }
    }

    fileprivate func applyPlaces(_ places: [(episode: EpisodeID, position: Double, completed: Bool, at: Date)]) throws -> [EpisodeID] {
        try receiveActions { library in
            let places = places.map { SyncPlace(episode: $0.episode, position: $0.position, completed: $0.completed, at: $0.at) }
            let won = PlaceConflict.winners(places, lastPlayed: try library.lastPlayed(places.map(\.episode)))
            return (SyncWrites(places: won), won.map(\.episode))
        }
    }

    fileprivate func podcastID(syncURL: String) throws -> PodcastID? {
        try receiveActions { library in (SyncWrites(), try library.podcast(syncURL: syncURL)) }
    }

    fileprivate func savePending(_ actions: [EpisodeAction]) throws {
        try receiveActions { _ in (SyncWrites(waiting: actions), ()) }
    }

    fileprivate func pendingActions() throws -> [EpisodeAction] {
        try receiveActions { library in (SyncWrites(), try library.waitingActions()) }
    }

    fileprivate func removePending(_ actions: [EpisodeAction]) throws {
        try receiveActions { _ in (SyncWrites(settled: actions), ()) }
    }
}
