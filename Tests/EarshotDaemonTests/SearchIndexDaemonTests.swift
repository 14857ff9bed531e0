@testable import EarshotStore
import EarshotTestSupport
import Foundation
import GRDB
import Testing

/// The search index end to end (issue 37, points 6 and 10): words inside Chinese and Japanese text
/// found by `earshot find`, GNOME Shell and KRunner; and the index of a big library upgraded from v9
/// filled in the background after the daemon owns its name, resuming after a kill.
@Suite("The search index against the daemon", .serialized)
struct SearchIndexDaemonTests {
    let h: DaemonHarness

    init() throws {
        h = try DaemonHarness()
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// `gdbus call` of `method` on /org/earshot/Earshot/Search, as a desktop makes it.
    func call(_ method: String, _ arguments: String...) throws -> Subprocess.Output {
        try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                            "/org/earshot/Earshot/Search", "--method", method] + arguments, busAddress: h.bus.address, context: h.context)
    }

    var databasePath: String { h.stateDirectory + "/earshot/earshot.sqlite" }

    @Test func wordsInsideChineseAndJapaneseTextAreFoundByFindGnomeShellAndKRunner() throws {
        let items = """
            <item><guid>cjk-1</guid><title>流動的資金盛宴</title><description>Markets</description></item>
            <item><guid>cjk-2</guid><title>Tokyo talk</title><description>今日は東京について</description></item>
            """
        h.server.serve("/cjk.xml", body: Array(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: items).utf8),
                       contentType: "application/rss+xml")
        #expect(try earshot("add", h.server.url("/cjk.xml").absoluteString).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        let tokyo = try #require(list.first { $0["title"] as? String == "Tokyo talk" }?["id"] as? Int64)

        let money = try earshot("find", "資金")
        #expect(money.status == 0 && money.stdout.contains("流動的資金盛宴"), "\(money.stdout)\(money.stderr)")
        #expect(try earshot("find", "盛宴").stdout.contains("流動的資金盛宴"))
        let city = try earshot("find", "東京")
        #expect(city.status == 0 && city.stdout.contains("Tokyo talk") && city.stdout.contains("今日は東京について"), "\(city.stdout)\(city.stderr)")

        let gnome = try call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['東京']")
        #expect(gnome.status == 0 && gnome.stdout.contains("'episode:\(tokyo)'"), "\(gnome.stdout)\(gnome.stderr)")
        #expect(try call("org.kde.krunner1.Config").stdout.contains("'MinLetterCount': <1>"), "KRunner asks from one character")
        let krunner = try call("org.kde.krunner1.Match", "東京")
        #expect(krunner.stdout.contains("'episode:\(tokyo)'"), "\(krunner.stdout)\(krunner.stderr)")
        #expect(try call("org.kde.krunner1.Match", "qu").stdout.contains("@a(sssida{sv}) []"), "two Latin letters still match nothing")
        #expect(h.terminate() == 0)
    }

    /// Replaces the daemon's library with a version 9 one of `episodes` episodes titled "Episode N zebra",
    /// one podcast whose feed cannot be fetched.
    func version9Library(episodes: Int) throws {
        #expect(h.terminate() == 0)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(function: SearchIndex.plainText)
            db.add(function: SearchIndex.chapterTitles)
        }
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        try Schema.migrator.migrate(queue, upTo: "v9")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, ?, 'Big show', 0);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(episodes))
                INSERT INTO episode (id, feedId, guid, feedOrder, title) SELECT i, 1, 'g' || i, i, 'Episode ' || i || ' zebra' FROM n;
                """, arguments: [FixtureServer.closedPortURL("/big.xml").absoluteString])
        }
        try queue.close()
    }

    /// The mark of the episode index's fill in the file (nil: not being filled).
    func episodeFillMark() throws -> Int64? {
        let queue = try DatabaseQueue(path: databasePath)
        defer { try? queue.close() }
        return try queue.read { try Int64.fetchOne($0, sql: "SELECT value FROM searchIndexState WHERE key = 'fill.episodeSearch'") }
    }

    @Test func aBigLibraryUpgradedFromVersion9IsFilledAfterTheNameIsOwnedAndResumesAfterAKill() throws {
        let episodes = 300_000
        try version9Library(episodes: episodes)
        try h.start([])
        #expect(try episodeFillMark() != nil, "the name is owned before the fill is done")
        let deadline = Date().addingTimeInterval(60)
        var mark: Int64?
        repeat {
            mark = try episodeFillMark()
            if let mark, mark > 0 { break }
            usleep(20_000)
        } while Date() < deadline
        let status = try earshot("status", "--json")
        #expect(status.stdout.contains("\"search_index\" : \"rebuilding\""), "\(status.stdout)")
        h.kill9()
        let reached = try #require(try episodeFillMark(), "killed mid-fill")
        #expect(reached > 0 && reached < Int64(episodes), "\(reached)")

        try h.start([])
        let found = try earshot("find", "zebra")
        let filling = try episodeFillMark() != nil
        #expect(found.stderr.contains("the search index is being rebuilt: results may be incomplete") || !filling, "\(found.stderr)")
        let done = Date().addingTimeInterval(180)
        while try episodeFillMark() != nil, Date() < done { usleep(200_000) }
        #expect(try episodeFillMark() == nil, "the fill completes; log:\n\(h.daemonLog)")
        let first = try earshot("find", "Episode", "1", "zebra", "--json")
        #expect(first.stdout.contains("\"episode_title\" : \"Episode 1 zebra\"") && !first.stderr.contains("rebuilt"), "\(first.stdout)\(first.stderr)")
        #expect(h.terminate() == 0)

        let store = try Store(path: databasePath)
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM episodeSearch WHERE episodeSearch MATCH 'zebra'") } == episodes)
        try store.executeRaw("INSERT INTO episodeSearch(episodeSearch, rank) VALUES ('integrity-check', 1)")  // each row once
        #expect(h.daemonLog.contains("rebuilding the search index in the background") && h.daemonLog.contains("the search index is rebuilt"),
                "\(h.daemonLog)")
    }
}
