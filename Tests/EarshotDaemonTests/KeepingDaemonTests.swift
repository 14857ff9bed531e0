import EarshotTestSupport
import Foundation
import Testing

/// The rules of what to keep and smart playlists through the real `earshot` CLI and daemon.
@Suite("Daemon: earshot tidy and earshot playlist")
struct KeepingDaemonTests {
    private static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    private static func downloads(_ h: DaemonHarness) throws -> [[String: Any]] {
        let run = try earshot(h, "downloads", "--json")
        return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func tidyDeletesExactlyWhatTheDryRunListed() throws {
        let h = try DaemonHarness()
        #expect(try Self.earshot(h, "download", "Oldest episode", "Middle episode", "Newest episode").status == 0)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, try Self.downloads(h).filter({ $0["state"] as? String == "completed" }).count < 3 { usleep(100_000) }
        try #require(try Self.downloads(h).count == 3, "\(h.daemonLog)")
        #expect(try Self.earshot(h, "set", "all", "keep-downloads", "1").status == 0)
        let dry = try Self.earshot(h, "tidy", "--dry-run")
        #expect(dry.status == 0 && dry.stdout.contains("Would delete 2 downloads"), "\(dry.stdout) \(dry.stderr)")
        #expect(dry.stdout.contains("Oldest episode — not among its podcast's newest 1 downloads (keep-downloads)"), "\(dry.stdout)")
        #expect(try Self.downloads(h).count == 3, "a dry run deletes nothing")
        let real = try Self.earshot(h, "tidy")
        #expect(real.stdout.replacingOccurrences(of: "Deleted", with: "Would delete") == dry.stdout, "\(real.stdout)")
        #expect(try Self.downloads(h).map { $0["title"] as? String } == ["Newest episode"])
        #expect(h.daemonLog.contains("tidying: deleted the download of “Oldest episode”"), "the log says what went and why")
        #expect(try Self.earshot(h, "tidy", "--dry-run").stdout.contains("Nothing would be deleted."))
    }

    @Test func aPlaylistIsMadeListedShownPlayedAndRemovedFromTheShell() throws {
        let h = try DaemonHarness()
        let made = try Self.earshot(h, "playlist", "new", "Short ones", "--podcast", "Daemon", "--unplayed", "--order", "oldest", "--limit", "2")
        #expect(made.status == 0 && made.stdout.contains("Made the playlist Short ones (2 episodes)."), "\(made.stdout) \(made.stderr)")
        let list = try Self.earshot(h, "playlist")
        #expect(list.stdout.contains("Short ones (2 episodes): --podcast 1 --unplayed --order oldest --limit 2"), "\(list.stdout)")
        let shown = try Self.earshot(h, "playlist", "show", "short ONES")
        #expect(shown.stdout.contains("earshot playlist edit 'Short ones' --podcast 1"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Oldest episode") && shown.stdout.contains("Middle episode") && !shown.stdout.contains("Newest episode"))
        let bad = try Self.earshot(h, "playlist", "new", "Bad", "--shorter-than", "soon")
        #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("--shorter-than takes a length such as 20m, 1h or 1h30m, not “soon”"), "\(bad.stderr)")
        #expect(try Self.earshot(h, "playlist", "new", "Short ones").status != 0, "the name is taken")
        #expect(try Self.earshot(h, "play", "--playlist", "Short ones").status == 0)
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Oldest episode" } == "Oldest episode")
        let edited = try Self.earshot(h, "playlist", "edit", "Short ones", "--title", "newest")
        #expect(edited.stdout.contains("Changed the playlist Short ones (1 episode)."), "\(edited.stdout) \(edited.stderr)")
        #expect(try Self.earshot(h, "playlist", "remove", "Short ones").status == 0)
        #expect(try Self.earshot(h, "playlist").stdout.contains("There are no smart playlists"))
    }
}
