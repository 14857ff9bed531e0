import EarshotTestSupport
import Foundation
import Testing

/// `earshot tui` in tmux following what other clients change, from the daemon's signals alone: no key is
/// pressed between the other client's change and the screen showing it.
@Suite("The terminal interface follows other clients' changes", .serialized)
struct TUIFollowingTests {
    func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    func tui(_ h: DaemonHarness) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(h, command: "\(EarshotProcess.executable) tui")
        let screen = try terminal.wait { $0.contains("Daemon Show") }
        #expect(screen.contains("Daemon Show"), "\(screen)")
        return terminal
    }

    func number(_ h: DaemonHarness, _ title: String) throws -> String {
        let run = try earshot(h, "episodes", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
        return String(try #require(list.first { $0["title"] as? String == title }?["id"] as? Int64, "no episode \(title)"))
    }

    /// The row of `screen` that shows `title`.
    func row(_ screen: String, _ title: String) -> String {
        String(screen.split(separator: "\n").first { $0.contains(title) } ?? "")
    }

    @Test func aStarAndAMarkMadeByTheCommandLineShowInThePodcastsEpisodesWithoutAKey() throws {
        let h = try DaemonHarness()
        let oldest = try number(h, "Oldest episode")
        let t = try tui(h)
        try t.send("Enter")
        var screen = try t.wait { $0.contains("Oldest episode") }
        #expect(!row(screen, "Oldest episode").contains("★"), "\(screen)")
        #expect(try earshot(h, "star", oldest).status == 0)
        screen = try t.wait(seconds: 3) { self.row($0, "Oldest episode").contains("★") }
        #expect(row(screen, "Oldest episode").contains("★"), "the star shows: \(screen)")
        #expect(try earshot(h, "unstar", oldest).status == 0)
        screen = try t.wait(seconds: 3) { !self.row($0, "Oldest episode").contains("★") }
        #expect(!row(screen, "Oldest episode").contains("★"), "the star goes: \(screen)")
        #expect(try earshot(h, "mark", "played", oldest).status == 0)
        screen = try t.wait(seconds: 3) { self.row($0, "Oldest episode").contains("✓") }
        #expect(row(screen, "Oldest episode").contains("✓"), "marked played: \(screen)")
    }

    @Test func aDismissalMadeByTheCommandLineEmptiesTheInboxShownWithoutAKey() throws {
        let h = try DaemonHarness()
        #expect(try earshot(h, "set", "daemon", "auto-queue", "off").status == 0)
        let extra = """
            <item><guid>ep-fresh</guid><title>Fresh episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
            """
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: extra))
        #expect(try earshot(h, "refresh").status == 0)
        let t = try tui(h)
        try t.send("3")
        var screen = try t.wait { $0.contains("Fresh episode") }
        #expect(screen.contains("Fresh episode"), "the inbox: \(screen)")
        #expect(try earshot(h, "inbox", "dismiss", "--all").status == 0)
        screen = try t.wait(seconds: 3) { !$0.contains("Fresh episode") }
        #expect(!screen.contains("Fresh episode"), "the dismissal shows: \(screen)")
    }

    @Test func aDownloadsBarMovesWhileItRunsFromTheSignalAlone() throws {
        let h = try DaemonHarness()
        let audio = try #require(try AudioFixtures.files()["newest.mp3"])
        // About three seconds on the loopback: thirty ticks of a thirtieth of the file.
        let tick = max(1, audio.count / 30)
        h.server.route("/audio/newest.mp3") { _ in
            .paced(audio, contentType: "audio/mpeg", bytesPerTick: tick, intervalMilliseconds: 100)
        }
        let newest = try number(h, "Newest episode")
        let t = try tui(h)
        try t.send("5")
        try t.wait { $0.contains(" Downloads") }
        #expect(try earshot(h, "download", newest).status == 0)
        // The bar's filled cells of the download's row, every time the screen is read.
        var fills: Set<Int> = []
        var screen = ""
        let deadline = Date().addingTimeInterval(15)
        repeat {
            screen = try t.screen()
            let line = row(screen, "Newest episode")
            if line.contains("downloading") { fills.insert(line.filter { $0 == "━" }.count) }
            if line.contains("completed") { break }
            usleep(40_000)
        } while Date() < deadline
        #expect(row(screen, "Newest episode").contains("completed"), "\(screen)\n\(h.daemonLog)")
        #expect(fills.count >= 2, "the bar moved while the download ran (filled cells seen: \(fills.sorted()))")
    }
}
