import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: progress and the current episode")
struct StoreProgressTests {
    @Test func saveProgressThenCurrentReturnsItsStatus() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        let first = Date(timeIntervalSinceReferenceDate: 731_287_800.000_000_1)
        try store.saveProgress(of: a, position: 10.5, completed: false, at: first)
        #expect(try store.currentEpisode() == nil, "saving progress does not make an episode current")

        try store.makeCurrent(a)
        var current = try #require(try store.currentEpisode())
        #expect(current.podcast == feed)
        #expect(current.episode == a)
        #expect(current.status == EpisodeStatus(lastListenTime: 10.5, lastPlayedAt: first, hasCompleted: false, isCurrentlyPlaying: true))

        let later = Date()
        try store.saveProgress(of: a, position: 99.75, completed: true, at: later)
        current = try #require(try store.currentEpisode())
        #expect(current.status == EpisodeStatus(lastListenTime: 99.75, lastPlayedAt: later, hasCompleted: true, isCurrentlyPlaying: true),
                "progress keeps the episode current")
        try store.saveProgress(of: a, position: 0, completed: false, at: later)
        #expect(try store.currentEpisode()?.status.hasCompleted == false, "completion can be undone (a completed episode replays)")
    }

    @Test func makingAnUnplayedEpisodeCurrentGivesItAnUnplayedStatus() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        try store.makeCurrent(a)
        var expected = EpisodeStatus.unplayed
        expected.isCurrentlyPlaying = true
        #expect(try store.currentEpisode()?.status == expected)
        #expect(try store.episodeStatuses(of: feed) == [a: expected])
    }

    @Test func exactlyOneEpisodeIsCurrentAcrossAllFeeds() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let one = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let two = try store.storeFeed(Sample.channel(["x"]), url: URL(string: "https://two.example/rss")!, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: one), b = try store.episodeID(guid: "b", in: one)
        let x = try store.episodeID(guid: "x", in: two)
        try store.saveProgress(of: a, position: 30, completed: false, at: Date())

        try store.makeCurrent(a)
        try store.makeCurrent(a)
        try store.makeCurrent(b)
        #expect(try store.currentEpisode()?.episode == b)
        #expect(try store.episodeStatuses(of: one).filter(\.value.isCurrentlyPlaying).map(\.key) == [b])
        #expect(try store.episodeStatuses(of: one)[a]?.lastListenTime == 30, "switching away keeps progress")

        try store.makeCurrent(x)
        let current = try #require(try store.currentEpisode())
        #expect(current.podcast == two && current.episode == x)
        #expect(try store.episodeStatuses(of: one).values.allSatisfy { !$0.isCurrentlyPlaying })
    }

    @Test func theDatabaseItselfRefusesASecondCurrentEpisode() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        try store.makeCurrent(a)
        let error = #expect(throws: StoreError.self) {
            try store.executeRaw("""
                INSERT INTO episodeStatus (episodeId, isCurrentlyPlaying)
                SELECT id, 1 FROM episode WHERE guid = 'b'
                """)
        }
        guard case .database(_, let reason) = error else {
            Issue.record("expected a database error, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("UNIQUE"))
        #expect(try store.currentEpisode()?.episode == a)
    }

    @Test func progressForAnEpisodeNotStoredOrANonsensePositionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        let nowhere = EpisodeID(rawValue: a.rawValue + 1)
        #expect(throws: StoreError.noSuchEpisodeID(nowhere)) {
            try store.saveProgress(of: nowhere, position: 1, completed: false, at: Date())
        }
        #expect(throws: StoreError.noSuchEpisodeID(nowhere)) { try store.makeCurrent(nowhere) }
        for position: Double in [-1, .nan, .infinity, -.infinity] {
            let error = #expect(throws: StoreError.self) {
                try store.saveProgress(of: a, position: position, completed: false, at: Date())
            }
            guard case .invalidPosition = error else {
                Issue.record("expected invalidPosition for \(position), got \(String(describing: error))")
                continue
            }
        }
        #expect(try store.episodeStatuses(of: feed).isEmpty)
        #expect(try store.currentEpisode() == nil)
    }

    @Test func concurrentProgressWritesFromManyTasksAllLand() async throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let guids = (0..<20).map { "e\($0)" }
        let feed = try store.storeFeed(Sample.channel(guids), url: Sample.feedURL, validators: FeedValidators()).podcast
        let ids = try guids.map { try store.episodeID(guid: $0, in: feed) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    for step in 1...10 {
                        try store.saveProgress(of: id, position: Double(index * 100 + step), completed: false, at: Date())
                    }
                }
            }
            try await group.waitForAll()
        }
        let statuses = try store.episodeStatuses(of: feed)
        #expect(statuses.count == 20)
        for (index, id) in ids.enumerated() {
            #expect(statuses[id]?.lastListenTime == Double(index * 100 + 10))
        }
    }
}
