import EarshotTestSupport
import Foundation
import Testing

/// Bookmarks end to end: marked while an episode plays (with the transcript's words around the moment),
/// listed, kept across a restart, played from, found by `find`, removed; the real daemon and CLI.
@Suite("earshot bookmark, bookmarks and play --bookmark against the daemon", .serialized)
struct BookmarkDaemonTests {
    let h: DaemonHarness

    init() throws {
        h = try DaemonHarness()
        TranscriptDaemonTests.serveSpokenFeed(on: h)
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func aBookmarkKeepsTheMomentTheNoteAndWhatWasSaidAcrossARestart() throws {
        #expect(try earshot("add", h.server.url("/spoken.xml").absoluteString).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        let spoken = try #require(list.first { $0["title"] as? String == "Spoken episode" }?["id"] as? Int64)
        #expect(try earshot("transcript", String(spoken)).status == 0, "the transcript is fetched")
        #expect(try earshot("play", String(spoken), "--at", "0:21").status == 0)
        _ = try h.wait(for: "status") { $0 == "Playing" }
        _ = try h.playerctl("pause")

        let made = try earshot("bookmark", "量子", "computers", "note")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("Bookmarked 0:2") && made.stdout.contains("“Spoken episode” (bookmark 1)."), "\(made.stdout)")

        // Kept across a restart.
        #expect(h.terminate() == 0)
        try h.start([])
        let listed = try earshot("bookmarks")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Spoken Show · “Spoken episode” (episode \(spoken))") && listed.stdout.contains("量子 computers note")
                && listed.stdout.contains("“Quantum computers are stranger than they look.”"), "\(listed.stdout)")
        let markdown = try earshot("bookmarks", String(spoken), "--markdown")
        #expect(markdown.stdout.contains("## Spoken Show — Spoken episode") && markdown.stdout.contains("- **0:2"), "\(markdown.stdout)")
        let json = try earshot("bookmarks", "--json")
        #expect(json.stdout.contains("\"note\" : \"量子 computers note\"") && json.stdout.contains("\"episode\" : \(spoken)"), "\(json.stdout)")

        // Found by find, by the note (in Chinese too) and by what was said; played from its moment.
        let found = try earshot("find", "量子")
        #expect(found.status == 0 && found.stdout.contains("bookmark 1 at 0:2"), "\(found.stdout)\(found.stderr)")
        let played = try earshot("play", "--bookmark", "1")
        #expect(played.status == 0 && played.stdout.hasPrefix("Playing bookmark 1: “Spoken episode”, from 0:2"), "\(played.stdout)\(played.stderr)")
        let position = Double(try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }) ?? 0
        #expect(position >= 20 && position < 30, "played from the bookmark: \(position)")

        #expect(try earshot("play", "--bookmark", "9").stderr.contains("there is no bookmark 9"))
        #expect(try earshot("bookmarks", "--remove", "1").stdout == "Removed bookmark 1.\n")
        #expect(try earshot("bookmarks").stdout.hasPrefix("No bookmarks yet"))
        #expect(try earshot("bookmarks", "--json", "--markdown").status == 64)
        #expect(h.terminate() == 0)
    }

    @Test func theBookmarkMethodIsConfirmedByANotificationNamingTheMomentTheEpisodeAndTheNote() throws {
        let server = try NotificationServer(bus: h.bus.address, context: h.context)
        _ = try h.playerctl("play")
        _ = try h.wait(for: "status") { $0 == "Playing" }
        _ = try h.playerctl("pause")
        let title = try h.ask("metadata", "xesam:title")
        let reply = try NotificationTests.earshot(h, "Bookmark", "'a desktop shortcut'")
        #expect(reply.contains("'note': <'a desktop shortcut'>"), "\(reply)")
        _ = h.context.iterate(until: { server.received.contains { $0.summary.hasPrefix("Bookmarked") } }, timeoutSeconds: 10)
        let notice = try #require(server.received.last { $0.summary.hasPrefix("Bookmarked") }, "no notification; the log:\n\(h.daemonLog)")
        #expect(notice.summary.hasPrefix("Bookmarked 0:0"), "\(notice.summary)")
        #expect(!title.isEmpty && notice.body == "“\(title)”\na desktop shortcut", "\(notice.body)")
        #expect(h.terminate() == 0)
    }
}
