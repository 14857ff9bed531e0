import EarshotTestSupport
import Foundation
import Testing

/// `earshot tui` in a real terminal (tmux) against the real daemon on a private bus.
@Suite("The terminal interface against the daemon", .serialized)
struct TUIDaemonTests {
    func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// A terminal running `earshot tui`, once the library shows.
    func tui(_ h: DaemonHarness, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(h, command: "\(EarshotProcess.executable) tui", width: width, height: height, environment: environment)
        let screen = try terminal.wait { $0.contains("Daemon Show") }
        #expect(screen.contains("Daemon Show"), "\(screen)")
        return terminal
    }

    @Test func navigatingReadingNotesPlayingSeekingAndQuittingLeavesPlaybackGoingOn() throws {
        let h = try DaemonHarness()
        let t = try tui(h)
        try t.send("Enter")
        var screen = try t.wait { $0.contains("Oldest episode") }
        #expect(screen.contains("Newest episode") && screen.contains("Middle episode"), "\(screen)")
        try t.send("l")  // the newest episode's page: its show notes as text
        screen = try t.wait { $0.contains("The newest one") }
        #expect(screen.contains("Show notes") && screen.contains("The newest one") && !screen.contains("<p>"), "\(screen)")
        try t.send("h")
        try t.wait { $0.contains("Oldest episode") }
        try t.send("Enter")  // the first row: the newest episode
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        screen = try t.wait { $0.contains("▶ Newest episode — Daemon Show") }
        #expect(screen.contains("▶ Newest episode — Daemon Show"), "\(screen)")
        try t.send("f")
        let position = try h.wait(for: "position") { (Double($0) ?? 0) >= 29 }
        #expect((Double(position) ?? 0) >= 29, "seek forward 30 s: \(position)")
        screen = try t.wait { $0.contains(" 0:3") }
        #expect(screen.split(separator: "\n").last?.hasPrefix(" 0:3") == true, "the position bar: \(screen)")
        try t.send("q")
        let deadline = Date().addingTimeInterval(5)
        while t.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!t.isRunning, "q ends the interface")
        #expect(try h.ask("status") == "Playing", "quitting the interface never stops playback")
    }

    @Test func aChangeMadeByPlayerctlShowsAtOnce() throws {
        let h = try DaemonHarness()
        let t = try tui(h)
        #expect(try earshot(h, "play", "Newest").status == 0)
        var screen = try t.wait { $0.contains("▶ Newest episode") }
        #expect(screen.contains("▶ Newest episode"), "\(screen)")
        try h.playerctl("pause")
        screen = try t.wait(seconds: 3) { $0.contains("⏸ Newest episode") }
        #expect(screen.contains("⏸ Newest episode"), "\(screen)")
        try h.playerctl("position", "20")
        screen = try t.wait(seconds: 3) { $0.contains(" 0:20 ") }
        #expect(screen.contains(" 0:20 "), "Seeked moves the bar: \(screen)")
    }

    @Test func upNextIsReorderedWithShiftJAndFollowsTheCommandLine() throws {
        let h = try DaemonHarness()
        #expect(try earshot(h, "queue", "add", "Middle", "Oldest").status == 0)  // the newest is current
        let t = try tui(h)
        try t.send("2")
        var screen = try t.wait { $0.contains("1.") && $0.contains("2.") }
        let rows = screen.split(separator: "\n")
        #expect(rows.contains { $0.contains("1.") && $0.contains("Middle episode") }, "\(screen)")
        try t.send("J")
        var queue = ""
        let deadline = Date().addingTimeInterval(5)
        repeat {
            queue = try earshot(h, "queue").stdout
            if let oldest = queue.range(of: "Oldest"), let middle = queue.range(of: "Middle"), oldest.lowerBound < middle.lowerBound { break }
            usleep(100_000)
        } while Date() < deadline
        let oldest = queue.range(of: "Oldest"), middle = queue.range(of: "Middle")
        #expect(oldest != nil && middle != nil && oldest!.lowerBound < middle!.lowerBound, "\(queue)")
        #expect(try earshot(h, "queue", "remove", "Oldest").status == 0)
        screen = try t.wait(seconds: 3) { !$0.contains("Oldest episode") }
        #expect(!screen.contains("Oldest episode") && screen.contains("1.       Middle episode"),
                "another client's change shows without a key: \(screen)")
    }

    @Test func findAsYouTypeAndPlayTheHit() throws {
        let h = try DaemonHarness()
        let t = try tui(h)
        try t.send("/")
        try t.send("Oldest")
        let screen = try t.wait { $0.contains("Oldest episode") && $0.contains("/Oldest") }
        #expect(screen.contains("Oldest episode"), "\(screen)")
        try t.send("Enter")
        let title = try h.wait(for: "metadata", "xesam:title") { $0 == "Oldest episode" }
        #expect(title == "Oldest episode")
    }

    @Test func resizingRedrawsAtTheNewSize() throws {
        let h = try DaemonHarness()
        let t = try tui(h)
        try t.tmux(["resize-window", "-t", "0", "-x", "120", "-y", "30"])
        let screen = try t.wait { ($0.split(separator: "\n").first?.count ?? 0) >= 119 }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasSuffix(" ? keys") == true && lines.first?.count == 119, "the title line spans the new width: \(screen)")
        #expect(lines.count >= 30 && lines[29].hasPrefix(" 0:00 ─"), "the position bar is on the new last line: \(screen)")
        try t.tmux(["resize-window", "-t", "0", "-x", "40", "-y", "12"])
        let small = try t.wait { (30...40).contains($0.split(separator: "\n").first?.count ?? 0) }
        #expect(small.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(small)")
    }

    @Test func chineseJapaneseAndHostileTitlesTakeTheirWidthsAndNeverAct() throws {
        let h = try DaemonHarness()
        let audio = h.server.baseURL.absoluteString + "/audio"
        let long = String(repeating: "很长的标题", count: 20)
        h.server.serve("/cjk.xml", body: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>咖啡时间 &#x202E;wolS&#x202C; &#x9B;31m</title>
            <item><guid>c-1</guid><title>日本語のエピソード</title><pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(audio)/newest.mp3" type="audio/mpeg" length="1"/></item>
            <item><guid>c-2</guid><title>\(long)</title><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(audio)/middle.mp3" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """.utf8), contentType: "application/rss+xml")
        #expect(try earshot(h, "add", h.server.url("/cjk.xml").absoluteString).status == 0)
        let t = try tui(h)
        var screen = try t.wait { $0.contains("咖啡时间") }
        #expect(screen.contains("咖啡时间 \\u{202E}wolS\\u{202C} \\u{9B}31m"), "\(screen)")
        try t.send("j", "Enter")
        screen = try t.wait { $0.contains("日本語のエピソード") }
        let row = screen.split(separator: "\n").first { $0.contains("很长") } ?? ""
        #expect(row.contains("…"), "a long title is cut with an ellipsis: \(row)")
        let title = try t.tmux(["display-message", "-p", "-t", "0", "#{pane_title}"]).trimmed
        #expect(!title.contains("pwned"))
    }

    @Test func aClickOpensTheSelectedRowAndTheWheelScrolls() throws {
        let h = try DaemonHarness()
        let t = try tui(h)
        // What a terminal sends for the mouse (X10 encoding, as tmux's terminfo entry says): a press of
        // button 1 on row 1, column 5, then the wheel down there.
        try t.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[M &\""])
        let screen = try t.wait { $0.contains("Oldest episode") }
        #expect(screen.contains("Daemon Show  (4)"), "a click on the selected podcast opens it: \(screen)")
        try t.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[Ma&\""])
        try t.send("Enter")
        let title = try h.wait(for: "metadata", "xesam:title") { $0 == "Oldest episode" }
        #expect(title == "Oldest episode", "the wheel moved three rows down")
    }

    @Test func directorySearchSaysWhichDirectoryFailedInPlainWords() throws {
        let h = try DaemonHarness()  // every directory at a closed port on 127.0.0.1
        let t = try tui(h)
        try t.send("8")
        try t.send("coffee", "Enter")
        let screen = try t.wait { $0.contains("Apple Podcasts:") }
        #expect(screen.contains("Apple Podcasts:") && screen.contains("search the directories: coffee"), "\(screen)")
    }

    @Test func noColorDrawsWithAttributesOnlyAndColoursShowOtherwise() throws {
        let h = try DaemonHarness()
        let t = try tui(h, environment: ["NO_COLOR": "1"])
        let colour = try Regex("\u{1B}\\[(3[0-7]|4[0-7]|38;|48;)")
        let styled = try t.tmux(["capture-pane", "-p", "-e", "-t", "0"]).stdout
        #expect(styled.contains("\u{1B}[7m"), "reverse video marks the title line: \(styled.debugDescription)")
        #expect(!styled.contains(colour), "\(styled.debugDescription)")
        let coloured = try tui(h)
        let withColour = try coloured.tmux(["capture-pane", "-p", "-e", "-t", "0"]).stdout
        #expect(withColour.contains(colour), "without NO_COLOR: \(withColour.debugDescription)")
    }
}
