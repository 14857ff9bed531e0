@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Library: one feed at two addresses is one podcast")
struct FeedMergeTests {
    /// The address alpha's feed moves away from; `CoreFixture.url("alpha")` is where it moves to.
    static let old = URL(string: "http://alpha.test/old.xml")!
    static let new = CoreFixture.url("alpha")

    /// The merges the session heard of, from `feedStored`.
    static func merges(_ f: CoreFixture) -> [PodcastMerge] {
        f.events.compactMap { event in
            if case .feedStored(_, let saved, _) = event { return saved.merged }
            return nil
        }
    }

    @Test func aRefreshThatFindsTheFeedMovedOntoASubscribedAddressMergesItIntoThatPodcastKeepingProgressAndSettings() throws {
        let f = try CoreFixture()
        f.feeds.answers[Self.old] = .channel(CoreFixture.show("alpha", count: 3))
        var reports: [UpdateReport] = []
        f.library.subscribe([Self.old], autoQueue: true) { reports = $0 }
        let duplicate = try #require(reports.first?.podcast)
        let kept = try f.subscribe("alpha", CoreFixture.show("alpha", count: 3))  // before the old address redirected
        #expect(f.library.podcasts.count == 2)
        try f.store.saveProgress(of: try f.episode("alpha-1", of: duplicate), position: 42, completed: false, at: f.timers.date)
        try f.library.set("auto-download", to: "on", for: duplicate)

        f.feeds.moves[Self.old] = Self.new
        var refreshed: [UpdateReport] = []
        try f.library.refresh([duplicate], completion: { refreshed = $0 })
        #expect(f.library.podcasts.map(\.id) == [kept])
        #expect(refreshed.first?.podcast == kept && refreshed.first?.error == nil)
        let merge = try #require(Self.merges(f).first)
        #expect(merge.from == duplicate && merge.into == kept && merge.episodes.count == 3 && merge.moved.isEmpty)
        #expect(f.store.row(try f.episode("alpha-1", of: kept))?.status.lastListenTime == 42)
        #expect(f.library.autoDownload(kept), "the duplicate's setting is kept")
        #expect(f.library.podcast(url: Self.old)?.id == kept, "the old address leads to the podcast")
        #expect(f.events.contains { if case .podcastsChanged = $0 { true } else { false } })

        let before = f.feeds.requests.count
        try f.library.refresh()
        #expect(f.feeds.requests.dropFirst(before).map(\.0) == [Self.new], "one podcast, fetched at its address")
        #expect(Self.merges(f).count == 1)
    }

    @Test func subscribingToAnAddressThatRedirectsOntoASubscribedOneSaysItIsAlreadySubscribedAndAddsNothing() throws {
        let f = try CoreFixture()
        let kept = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        f.feeds.moves[Self.old] = Self.new
        var reports: [UpdateReport] = []
        f.library.subscribe([Self.old], autoQueue: false) { reports = $0 }
        #expect(reports.map(\.alreadySubscribed) == [true])
        #expect(reports.first?.podcast == kept)
        #expect(reports.first?.error == nil)
        #expect(f.library.podcasts.count == 1)
        #expect(try f.store.podcasts().count == 1)
        #expect(f.library.autoQueue(kept), "its settings are its own: an import's auto-queue off does not touch them")

        let before = f.feeds.requests.count
        f.library.subscribe([Self.old], autoQueue: false) { reports = $0 }
        #expect(reports.first?.alreadySubscribed == true)
        #expect(f.feeds.requests.dropFirst(before).map(\.0) == [Self.new], "known now: the feed's own address is fetched")
        f.library.subscribe([Self.new], autoQueue: false) { reports = $0 }
        #expect(reports.first?.alreadySubscribed == true, "the same address")
        #expect(f.library.podcasts.count == 1)
    }

    @Test(arguments: [false, true])
    func importingBothAddressesOfOneFeedGivesOnePodcastWhicheverIsStoredFirst(oldFirst: Bool) throws {
        let f = try CoreFixture()
        f.feeds.answers[Self.new] = .channel(CoreFixture.show("alpha", count: 2))
        f.feeds.moves[Self.old] = Self.new
        var reports: [UpdateReport] = []
        f.library.subscribe(oldFirst ? [Self.old, Self.new] : [Self.new, Self.old], autoQueue: false) { reports = $0 }
        #expect(f.library.podcasts.count == 1)
        #expect(Set(reports.compactMap(\.podcast)).count == 1 && reports.allSatisfy { $0.error == nil })
        #expect(reports.map(\.alreadySubscribed) == [false, true])
        #expect((try f.store.listEpisodes(podcast: nil, filter: .all, matching: nil)).count == 2, "each episode once")
        #expect(f.library.podcasts.first?.url == Self.new)
    }

    @Test func downloadsFollowAMergeAndADroppedOneGoesWithItsFile() throws {
        let f = try CoreFixture { $0.ahead = 0 }
        f.feeds.answers[Self.old] = .channel(CoreFixture.show("alpha", count: 2))
        var reports: [UpdateReport] = []
        f.library.subscribe([Self.old], autoQueue: false) { reports = $0 }
        let duplicate = try #require(reports.first?.podcast)
        let kept = try f.subscribe("alpha", CoreFixture.show("alpha", count: 2), autoQueue: false)
        let (d1, d2) = (try f.episode("alpha-1", of: duplicate), try f.episode("alpha-2", of: duplicate))
        let (k1, k2) = (try f.episode("alpha-1", of: kept), try f.episode("alpha-2", of: kept))
        f.downloads.request([d1, d2, k2], byHand: true)
        f.transfers.succeed(DownloadFixture.audio("alpha", 1))
        let d1Path = try #require(f.downloads.records[d1]?.path)
        let d2Path = try #require(f.downloads.records[d2]?.path)
        #expect(f.transfers.running.map(\.destination.path) == [d2Path])

        // As the store merged them: d1's download went to k1, which had none; k2 kept its own.
        f.downloadRules.merged(PodcastMerge(from: duplicate, into: kept, episodes: [d1: k1, d2: k2], moved: [], downloadsMoved: [d1]))
        #expect(f.downloads.records[d1] == nil && f.downloads.records[d2] == nil)
        #expect(f.downloads.records[k1]?.path == d1Path && f.downloads.records[k1]?.state == .completed)
        #expect(f.downloads.records[k1]?.podcast == kept)
        #expect(f.downloads.file(for: k1)?.path == d1Path, "plays from the file downloaded before the merge")
        #expect(f.files.deleted == [d2Path], "the dropped download's part goes")
        let k2Path = try #require(f.downloads.records[k2]?.path)
        #expect(f.transfers.running.map(\.destination.path) == [k2Path], "the one kept starts in the freed slot")
    }
}

extension FeedMergeTests {
    @Test func thePlayerFollowsAMergeUpNextTheHistoryAndTheCurrentEpisodeNameTheKeptEpisodes() throws {
        let f = try CoreFixture()
        f.feeds.answers[Self.old] = .channel(CoreFixture.show("alpha", count: 3))
        var reports: [UpdateReport] = []
        f.library.subscribe([Self.old], autoQueue: false) { reports = $0 }
        let duplicate = try #require(reports.first?.podcast)
        let kept = try f.subscribe("alpha", CoreFixture.show("alpha", count: 3), autoQueue: false)
        try f.session.play(episode: f.episode("alpha-1", of: duplicate))
        try f.session.enqueue([f.episode("alpha-2", of: duplicate), f.episode("alpha-3", of: kept)])
        f.feeds.moves[Self.old] = Self.new
        try f.library.refresh([duplicate])
        let (k1, k2, k3) = (try f.episode("alpha-1", of: kept), try f.episode("alpha-2", of: kept), try f.episode("alpha-3", of: kept))
        #expect(f.player.current?.id == k1, "the playing episode is now the kept podcast's")
        #expect(f.player.current?.podcast == kept)
        #expect(f.player.upNext.episodes == [k2, k3])
        #expect(f.player.upNext.items.allSatisfy { $0.podcast == kept })
        #expect(f.player.nextEpisode == k2)
        f.engine.finish()
        #expect(f.player.current?.id == k2, "the end of the episode goes on in the kept podcast")
    }
}
