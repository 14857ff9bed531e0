import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

@Suite("Store: reads never wait for writes")
struct ConcurrencyTests {
    /// The daemon's loop reads while a worker stores a big feed: with a `DatabasePool` in WAL mode the
    /// read sees the last committed state at once instead of waiting for the writer's transaction.
    @Test func aReadCompletesWhileAnotherThreadHoldsAFiveThousandEpisodeWriteOpen() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try #require(try store.outline(id: podcast)?.episodes.first?.key)
        try store.makeCurrent(a)

        let writing = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let bigChannel = Sample.channel((0..<5_000).map { "bulk-\($0)" })
        Thread {
            defer { finished.signal() }
            try? store.write { db in
                let insert = try db.makeStatement(sql: "INSERT INTO episode (feedId, guid, feedOrder, title) VALUES (?, ?, ?, ?)")
                for (index, episode) in bigChannel.episodes.enumerated() {
                    try insert.execute(arguments: [podcast.rawValue, episode.id, index + 1, episode.title])
                }
                writing.signal()
                _ = release.wait(timeout: .now() + 20)  // the transaction stays open until the reads are done
            }
        }.start()
        writing.wait()

        let started = ContinuousClock.now
        let summary = try store.podcast(podcast)
        let current = try store.currentEpisode()
        let listing = try store.listEpisodes(podcast: nil, filter: .all, matching: nil)
        let elapsed = ContinuousClock.now - started
        release.signal()
        finished.wait()

        #expect(elapsed < .seconds(1), "the reads took \(elapsed) while the write was open")
        #expect(summary?.episodeCount == 1, "a read sees what was committed before the write began")
        #expect(current?.episode == a)
        #expect(listing.map(\.guid) == ["a"])
        #expect(try store.podcast(podcast)?.episodeCount == 5_001, "and the write lands once committed")
    }
}
