import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

/// The search index filled in steps that keep their progress (issue 37, point 10), and a damaged index
/// found and made again while the library keeps working (point 9), on real database files.
@Suite("Store: filling and mending the search index")
struct SearchFillTests {
    private static let feedA = URL(string: "https://a.example/feed.xml")!
    private static let feedB = URL(string: "https://b.example/feed.xml")!

    /// A version 9 library at `path`: one podcast of `episodes` episodes titled "Episode N zebra", each
    /// with two transcript lines that say "zebra".
    private static func version9Library(at path: String, episodes: Int) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(function: SearchIndex.plainText)
            db.add(function: SearchIndex.chapterTitles)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try Schema.migrator.migrate(queue, upTo: "v9")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, '\(feedA.absoluteString)', 'Show', 0);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(episodes))
                INSERT INTO episode (id, feedId, guid, feedOrder, title) SELECT i, 1, 'g' || i, i, 'Episode ' || i || ' zebra' FROM n;
                INSERT INTO transcriptSegment (id, text) SELECT (id << \(TranscriptRows.positionBits)) + p, 'the zebra line ' || p
                FROM episode, (SELECT 0 AS p UNION ALL SELECT 1);
                """)
        }
        try queue.close()
    }

    /// How many rows of `index` match `words` (what the index holds, not what `find` ranks).
    private static func count(_ store: Store, _ index: String, _ words: String) throws -> Int {
        try store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(index) WHERE \(index) MATCH ?", arguments: [words]) ?? 0 }
    }

    /// FTS5's own check of each index against the rows it was built from: a row indexed twice, or
    /// missed, fails it.
    private static func expectConsistentIndex(_ store: Store) throws {
        for table in SearchIndex.tables {
            try store.executeRaw("INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Runs `sql` on the file through a connection of its own, as damage from outside the store would come.
    private static func damage(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// `PRAGMA integrity_check` of the file.
    private static func sqliteCheck(_ path: String) throws -> String? {
        try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
    }

    @Test func aVersion9LibraryIsFilledInStepsThatResumeAfterAStopAndIndexEachRowOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        try Self.version9Library(at: path, episodes: 50)
        let warnings = Warnings()
        var store = try Store(path: path, warning: warnings.sink)
        #expect(warnings.all.first?.contains("rebuilt once, in the background") == true, "\(warnings.all)")
        #expect(try store.searchIndexIsFilling())
        #expect(try Self.count(store, "episodeSearch", "zebra") == 0, "the migration leaves the index empty: it takes no time")

        #expect(try store.fillSearchIndex(rows: 10))  // the podcast
        #expect(try store.fillSearchIndex(rows: 10))  // none left: the podcast index is complete
        #expect(try store.fillSearchIndex(rows: 10))  // episodes 1 to 10
        #expect(try store.fillSearchIndex(rows: 10))  // 11 to 20
        #expect(try Self.count(store, "episodeSearch", "zebra") == 20)

        // Stopped mid-fill (each step is committed), and started again: the fill goes on from episode 21.
        store = try Store(path: path)
        #expect(try store.searchIndexIsFilling())
        // Written meanwhile: an episode already filled is renamed and one deleted, one not yet filled
        // deleted, and a new podcast stored (its episodes come after the mark).
        try store.executeRaw("UPDATE episode SET title = 'Renamed gnu' WHERE id = 2; DELETE FROM episode WHERE id IN (3, 45)")
        try store.storeFeed(Channel(title: "Other", episodes: (0..<3).map { Episode(id: "n\($0)", title: "New zebra \($0)") }),
                            url: Self.feedB, validators: FeedValidators())
        #expect(try Self.count(store, "episodeSearch", "zebra") == 18, "only the rows filled are indexed: 20 less the two changed")
        #expect(try Self.count(store, "episodeSearch", "gnu") == 1)

        var steps = 0
        while try store.fillSearchIndex(rows: 10) { steps += 1 }
        #expect(steps > 5, "in steps")
        #expect(try !store.searchIndexIsFilling())
        try Self.expectConsistentIndex(store)
        #expect(try Self.count(store, "episodeSearch", "zebra") == 50 - 3 + 3)
        #expect(try Self.count(store, "transcriptSearch", "zebra") == 48 * 2)
        #expect(try Self.count(store, "podcastSearch", "other") == 1)
        #expect(try store.find(SearchQuery("gnu")).compactMap(\.episode) == [EpisodeID(rawValue: 2)])
    }

    @Test func aNewLibraryHasNothingToFill() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        #expect(try !store.searchIndexIsFilling())
        #expect(try !store.fillSearchIndex())
    }

    @Test func aLostStructureRecordIsFoundByTheNextWriteWhichStillStoresAndFindRecoversAfterTheRebuild() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let warnings = Warnings()
        let store = try Store(path: path, warning: warnings.sink)
        let told = Warnings()
        store.whenSearchIndexIsDamaged { told.sink("told") }
        try store.storeFeed(Channel(title: "Show", episodes: (0..<7).map { Episode(id: "\($0)", title: "Zebra \($0)") }),
                            url: Self.feedA, validators: FeedValidators())
        #expect(try store.find(SearchQuery("zebra")).count == 7)

        try Self.damage(path, "DELETE FROM episodeSearch_data WHERE id = 10")  // FTS5's structure record
        #expect(try Self.sqliteCheck(path) == "ok", "SQLite's own check does not read it")

        let saved = try store.storeFeed(Channel(title: "Other", episodes: [Episode(id: "x", title: "Zebra new")]),
                                        url: Self.feedB, validators: FeedValidators())
        #expect(try store.outline(id: saved.podcast)?.episodes.count == 1, "the subscription is stored")
        #expect(warnings.all.contains { $0.contains("the search index was damaged (episodeSearch)") }, "\(warnings.all)")
        #expect(told.all.count == 1)
        #expect(try store.searchIndexIsFilling())
        #expect(try store.find(SearchQuery("zebra")).allSatisfy { $0.episode == nil }, "find answers from what is filled")

        while try store.fillSearchIndex(rows: 3) {}
        #expect(try store.find(SearchQuery("zebra")).compactMap(\.episode).count == 8)
        try Self.expectConsistentIndex(store)
    }

    @Test func zeroedLeafPagesAreFoundAtAStartAfterAnUncleanStopAndRebuilt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        do {
            let store = try Store(path: path)
            #expect(try !store.noteRunning(), "a first start")
            try store.storeFeed(Channel(title: "Show", episodes: (0..<7).map { Episode(id: "\($0)", title: "Zebra \($0)") }),
                                url: Self.feedA, validators: FeedValidators())
            // Not noted stopped: the daemon was killed.
        }
        try Self.damage(path, "UPDATE episodeSearch_data SET block = zeroblob(length(block)) WHERE id > 10")
        #expect(try Self.sqliteCheck(path) == "ok", "SQLite's own check does not see it")

        let warnings = Warnings()
        let store = try Store(path: path, warning: warnings.sink)
        #expect(try store.noteRunning(), "the last run did not stop cleanly")
        #expect(try store.mendSearchIndex() == ["episodeSearch"])
        #expect(warnings.all.contains { $0.contains("damaged (episodeSearch)") }, "\(warnings.all)")
        try store.storeFeed(Channel(title: "Other", episodes: [Episode(id: "x", title: "Zebra new")]), url: Self.feedB, validators: FeedValidators())
        while try store.fillSearchIndex(rows: 2) {}
        #expect(try store.find(SearchQuery("zebra")).compactMap(\.episode).count == 8)
        try Self.expectConsistentIndex(store)
        #expect(try store.mendSearchIndex().isEmpty, "whole again")
    }

    @Test func theRunningNoteSaysWhetherTheLastRunStoppedCleanly() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        #expect(try !store.noteRunning())
        try store.noteStopped()
        #expect(try !store.noteRunning())
        #expect(try store.noteRunning())
    }
}
