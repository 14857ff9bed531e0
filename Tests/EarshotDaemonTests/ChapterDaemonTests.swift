import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Chapters read from an MP3's ID3 CHAP frames, on the real daemon: `earshot chapters`, `earshot
/// chapter`, and the chapter's title in MPRIS metadata, announced once per chapter change.
@Suite("earshot chapters against the daemon", .serialized)
struct ChapterDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// Serves the 50 s episode again with chapters at 0, 3 and 6 s, as the newest item, and refreshes.
    private func serveChapteredEpisode(_ h: DaemonHarness) throws {
        let mp3 = try #require(try AudioFixtures.files()["newest.mp3"])
        h.server.serve("/audio/chaptered.mp3", body: ID3Chapters.tagged(mp3, [(0, "Opening"), (3000, "Second part"), (6000, "Third part")], end: 50_000),
                       contentType: "audio/mpeg")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-chapters</guid><title>Chaptered episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/chaptered.mp3" type="audio/mpeg" length="1"/></item>
            """))
        #expect(try earshot(h, "refresh").status == 0)
    }

    @Test func chaptersFromTheAudioAreListedJumpedToAndShownAsTheArtistOncePerChange() throws {
        let h = try DaemonHarness()
        try serveChapteredEpisode(h)
        #expect(try earshot(h, "play", "Chaptered").status == 0)
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Opening" } == "Opening")
        #expect(try h.ask("metadata", "xesam:title") == "Chaptered episode", "the episode's title stays")
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        let list = try earshot(h, "chapters")
        #expect(list.stdout == "▶   1  0:00  Opening\n    2  0:03  Second part\n    3  0:06  Third part\n", "\(list.stdout)")

        // Paused in the first chapter until dbus-monitor provably listens (it has printed a volume
        // change), so that a slow start of the monitor cannot miss the change to the second chapter.
        try h.playerctl("pause")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        let capture = h.stateDirectory + "/monitor.txt"
        let fd = open(capture, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let monitor = try ChildProcess(
            ["dbus-monitor", "--session", "type='signal',interface='org.freedesktop.DBus.Properties',path='/org/mpris/MediaPlayer2'"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": h.bus.address], stdout: fd)
        close(fd)
        var captured: String { (try? String(contentsOfFile: capture, encoding: .utf8)) ?? "" }
        for volume in stride(from: 0.9, to: 0.1, by: -0.05) where !captured.contains("\"Volume\"") {
            try h.playerctl("volume", String(volume))
            usleep(200_000)
        }
        try #require(captured.contains("\"Volume\""), "dbus-monitor never started listening")
        #expect(try h.ask("metadata", "xesam:artist") == "Opening", "still in the first chapter")
        try h.playerctl("play")
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Second part" } == "Second part")
        _ = try h.wait(for: "position") { (Double($0) ?? 0) >= 5 }
        monitor.signal(SIGTERM)
        _ = monitor.wait()
        let signals = try String(contentsOfFile: capture, encoding: .utf8).components(separatedBy: "\nsignal ").dropFirst()
        let metadataChanges = signals.filter { $0.contains("\"Metadata\"") }
        #expect(metadataChanges.count == 1, "one PropertiesChanged for one chapter change: \(signals.joined(separator: "\n"))")
        #expect(metadataChanges.first?.contains("Second part") == true)

        // Paused back in the second chapter: playing on, the playhead (past 5 s) could reach the third
        // chapter at 6 s before `chapter next` is handled on a loaded machine, and "next" would then be
        // "this is the last chapter".
        try h.playerctl("pause")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        try h.playerctl("position", "4")
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Second part" } == "Second part")
        let jump = try earshot(h, "chapter", "next")
        #expect(jump.stdout == "▶   3  0:06  Third part\n", "\(jump.stdout)")
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Third part" } == "Third part")
        #expect(try earshot(h, "chapter", "9").stderr.contains("there is no chapter 9"))
        #expect(try earshot(h, "status").stdout.contains("Chapter 3 of 3: Third part"))
        #expect(h.terminate() == 0)
    }
}
