import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: one feed subscribed at two addresses becomes one podcast")
struct MergeFeedTests {
    static let oldURL = URL(string: "https://old.example/show.xml")!

    /// `guid` with the audio address of `sound` (a guid that changed between two copies of a feed).
    static func episode(_ guid: String, soundOf sound: String) -> Episode {
        var episode = Sample.episode(guid)
        episode.soundURL = URL(string: "https://cdn.example/\(sound).mp3")
        return episode
    }

    @Test func mergingKeepsTheMoreRecentPlacePerEpisodeMatchedByGuidThenAudioAndMovesListsDownloadsSettingsAndTheRest() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let kept = try store.storeFeed(Sample.channel(["a", "b", "c"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let older = URL(string: "https://older.example/show")!
        let duplicate = try store.storeFeed(Channel(title: "Show", episodes: [Sample.episode("a"), Self.episode("b-old", soundOf: "b"),
                                                                              Sample.episode("d")]),
                                            url: older, validators: FeedValidators()).podcast
        try store.moveFeed(duplicate, to: Self.oldURL)  // `older` is a former address of the duplicate
        let (ka, kb, kc) = (try store.episodeID(guid: "a", in: kept), try store.episodeID(guid: "b", in: kept),
                            try store.episodeID(guid: "c", in: kept))
        let (da, db, dd) = (try store.episodeID(guid: "a", in: duplicate), try store.episodeID(guid: "b-old", in: duplicate),
                            try store.episodeID(guid: "d", in: duplicate))
        let at = { (seconds: Double) in Date(timeIntervalSinceReferenceDate: seconds) }
        try store.saveProgress(of: ka, position: 500, completed: false, at: at(1_000))
        try store.saveProgress(of: da, position: 100, completed: false, at: at(2_000))  // more recent: it wins
        try store.saveProgress(of: db, position: 0, completed: true, at: at(500))       // against never played
        try store.saveProgress(of: kc, position: 30, completed: false, at: at(3_000))
        try store.saveProgress(of: dd, position: 7, completed: false, at: at(400))
        try store.makeCurrent(da)
        try store.saveLearnedDuration(of: da, seconds: 1_234)
        try store.saveEpisodeList(.upNext, [dd, kc, da])
        try store.saveEpisodeList(.history, [ka, da])
        try store.saveSetting("auto-download", value: "on", for: duplicate)
        try store.saveSetting("notify", value: "off", for: duplicate)
        try store.saveSetting("notify", value: "on", for: kept)
        try store.saveDownloads([
            DownloadRecord(episode: da, podcast: duplicate, path: "/d/a-old.mp3", state: .completed, requestedAt: at(1)),
            DownloadRecord(episode: ka, podcast: kept, path: "/d/a.mp3", state: .queued, requestedAt: at(2)),
            DownloadRecord(episode: db, podcast: duplicate, path: "/d/b-old.mp3", state: .queued, requestedAt: at(3)),
            DownloadRecord(episode: kb, podcast: kept, path: "/d/b.mp3", state: .completed, requestedAt: at(4)),
            DownloadRecord(episode: dd, podcast: duplicate, path: "/d/d.mp3", state: .queued, requestedAt: at(5)),
        ])

        let merge = try store.mergeFeed(duplicate, into: kept)

        #expect(merge == PodcastMerge(from: duplicate, into: kept, episodes: [da: ka, db: kb], moved: [dd], downloadsMoved: [da]))
        #expect(try store.podcast(duplicate) == nil)
        #expect(try store.podcasts().map(\.id) == [kept])
        let statuses = try store.statusesByGuid(of: kept)
        #expect(statuses["a"]?.lastListenTime == 100 && statuses["a"]?.lastPlayedAt == at(2_000), "the more recent place")
        #expect(statuses["b"]?.hasCompleted == true, "matched by its audio")
        #expect(statuses["c"]?.lastListenTime == 30)
        #expect(statuses["d"]?.lastListenTime == 7, "moved with its id and progress")
        #expect(try store.outline(id: kept)?.episodes.map(\.id) == ["a", "b", "c", "d"])
        #expect(try store.episodeID(guid: "d", in: kept) == dd)
        #expect(try store.currentEpisode()?.episode == ka)
        #expect(try store.storedEpisode(ka)?.learnedDuration == 1_234)
        #expect(try store.episodeList(.upNext) == [dd, kc, ka])
        #expect(try store.episodeList(.history) == [ka], "listed once")
        #expect(try store.settings(for: kept) == ["auto-download": "on", "notify": "on"])
        #expect(try store.downloads().map { "\($0.episode.rawValue) \($0.podcast.rawValue) \($0.path)" } == [
            "\(ka.rawValue) \(kept.rawValue) /d/a-old.mp3", "\(kb.rawValue) \(kept.rawValue) /d/b.mp3", "\(dd.rawValue) \(kept.rawValue) /d/d.mp3",
        ], "a complete file wins, else the one already there")
        #expect(try store.podcastID(url: Self.oldURL) == kept && store.podcastID(url: older) == kept, "both addresses lead to it")
    }

    @Test func mergingAnUnknownPodcastChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let kept = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(throws: StoreError.noSuchFeed(PodcastID(rawValue: 99))) { try store.mergeFeed(PodcastID(rawValue: 99), into: kept) }
        #expect(throws: StoreError.noSuchFeed(PodcastID(rawValue: 99))) { try store.mergeFeed(kept, into: PodcastID(rawValue: 99)) }
        #expect(try store.podcasts().map(\.id) == [kept])
    }
}
