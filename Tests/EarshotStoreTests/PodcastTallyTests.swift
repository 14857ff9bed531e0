import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

@Suite("Store: each podcast's counts, kept by triggers")
struct PodcastTallyTests {
    /// Each podcast's (episodes, completed, last play) counted from the episodes themselves.
    static func counted(_ store: Store) throws -> [Int64: [Double?]] {
        try store.pool.read { db in
            var counts: [Int64: [Double?]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT f.id, count(e.id), ifnull(sum(s.hasCompleted), 0), max(s.lastPlayedAt)
                FROM feed f LEFT JOIN episode e ON e.feedId = f.id LEFT JOIN episodeStatus s ON s.episodeId = e.id
                GROUP BY f.id
                """) {
                counts[row[0]] = [Double(row[1] as Int64), Double(row[2] as Int64), row[3]]
            }
            return counts
        }
    }

    /// The same, as the podcast list reads it.
    static func listed(_ store: Store) throws -> [Int64: [Double?]] {
        Dictionary(uniqueKeysWithValues: try store.podcasts().map { podcast in
            (podcast.id.rawValue, [Double(podcast.episodeCount), Double(podcast.episodeCount - podcast.unplayedCount),
                                   podcast.lastPlayedAt?.timeIntervalSinceReferenceDate])
        })
    }

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test func thePodcastListAgreesWithTheEpisodesThroughRefreshesPlaysMarksMergesAndRemovals() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let show = try store.storeFeed(Sample.channel(["c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let otherURL = URL(string: "https://other.example/rss")!
        let other = try store.storeFeed(Sample.channel(["y", "x"]), url: otherURL, validators: FeedValidators()).podcast
        _ = try store.storeFeed(Channel(title: "Empty"), url: URL(string: "https://empty.example/rss")!, validators: FeedValidators())
        #expect(try Self.listed(store) == Self.counted(store))

        let a = try #require(try store.episodeID(guid: "a", in: show)), b = try #require(try store.episodeID(guid: "b", in: show))
        try store.saveProgress(of: a, position: 10, completed: false, at: Self.at(100))
        try store.saveProgress(of: b, position: 20, completed: true, at: Self.at(300))
        try store.saveProgress(of: a, position: 30, completed: true, at: Self.at(200))
        #expect(try Self.listed(store) == Self.counted(store), "plays")
        #expect(try Self.listed(store)[show.rawValue] == [3, 2, 300])

        _ = try store.mark(.episodes([b]), played: false, at: Self.at(50))
        #expect(try Self.listed(store)[show.rawValue] == [3, 1, 200], "the latest play moved back: looked for again")
        _ = try store.mark(.podcast(other, releasedBefore: nil), played: true, at: Self.at(400))
        _ = try store.storeFeed(Sample.channel(["d", "c"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try Self.listed(store) == Self.counted(store), "marks and a refresh")

        try store.moveFeed(other, to: URL(string: "https://moved.example/rss")!)
        _ = try store.mergeFeed(other, into: show)
        #expect(try Self.listed(store) == Self.counted(store), "a merge moves episodes and their statuses")
        #expect(try Self.listed(store)[show.rawValue] == [6, 3, 400])

        try store.removePodcast(show)
        #expect(try Self.listed(store) == Self.counted(store), "a removal")
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM podcastTally WHERE feedId = ?", arguments: [show.rawValue]) } == 0)
    }

    @Test func aLibraryFromBeforeTheTallyIsCountedWhenItIsMigrated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v6")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, 'https://a.example/rss', 'A', 1), (2, 'https://b.example/rss', 'B', 2);
                INSERT INTO episode (id, feedId, guid, feedOrder) VALUES (1, 1, 'a1', 0), (2, 1, 'a2', 1), (3, 2, 'b1', 0);
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted) VALUES (2, 60, 500, 1);
                """)
        }
        try queue.close()
        let store = try Store(path: path)
        #expect(try Self.listed(store) == [1: [2, 1, 500], 2: [1, 0, nil]])
    }
}
