import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// The sound profile and chapters files on the real daemon: `earshot set` while playing, a podcast's
/// speed applied when its episode loads, the configuration file's defaults, and a podcast:chapters file
/// fetched over HTTP.
@Suite("earshot set (sound profile) and chapters files against the daemon", .serialized)
struct SoundProfileDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func settingsSwitchWhilePlayingKeepThePositionAndApplyWhenAnEpisodeLoads() throws {
        let h = try DaemonHarness()
        try h.playerctl("play")
        _ = try h.wait(for: "position") { (Double($0) ?? 0) >= 2 }
        #expect(try earshot(h, "set", "Daemon Show", "speed", "1.5").status == 0)
        #expect(try earshot(h, "set", "all", "trim-silence", "on").status == 0)
        #expect(try earshot(h, "set", "all", "voice-boost", "on").status == 0)
        let position = Double(try h.ask("position")) ?? 0
        #expect(position >= 2, "the position is kept: \(position)")
        let status = try earshot(h, "status")
        #expect(status.stdout.contains("1.5×") && status.stdout.contains("Trimming silences saved"), "\(status.stdout)")
        #expect(try h.ask("status") == "Playing")
        try h.playerctl("next")  // an episode of the same podcast loads at its speed
        #expect(try earshot(h, "status").stdout.contains("1.5×"))
        let refused = try earshot(h, "set", "all", "speed", "9")
        #expect(refused.status != 0 && refused.stderr.contains("speed is a number from 0.5 to 3.0"), "\(refused.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func theConfigurationFileGivesTheDefaultsAndABadValueIsOneLine() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        try h.writeConfiguration("speed = 1.25\nnext-button = skip-30s\n")
        try h.start(["--feed", h.feedURL.absoluteString])
        try h.playerctl("play")
        #expect(try earshot(h, "status").stdout.contains("1.25×"))
        _ = try h.wait(for: "status") { $0 == "Playing" }
        try h.playerctl("next")
        #expect(try h.ask("metadata", "xesam:title") == "Newest episode", "next-button = skip-30s moves within the episode")
        #expect((Double(try h.ask("position")) ?? 0) >= 30)
        #expect(h.terminate() == 0)
        try h.writeConfiguration("sleep-fade = 99\n")
        let run = try EarshotProcess.run(["--feed", h.feedURL.absoluteString], environment: h.environment)
        #expect(run.status != 0 && run.stderr.contains("line 1: sleep-fade is a number of seconds from 0 to 60"), "\(run.stderr)")
    }

    @Test func aChaptersFileIsFetchedWhenItsEpisodeBecomesCurrent() throws {
        let h = try DaemonHarness()
        h.server.serve("/chapters.json", body: Array("""
            {"version": "1.2.0", "chapters": [{"startTime": 0, "title": "Welcome"}, {"startTime": 20, "title": "Listener mail"}]}
            """.utf8), contentType: "application/json+chapters")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-json</guid><title>Episode with a chapters file</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:chapters xmlns:podcast="https://podcastindex.org/namespace/1.0" url="\(h.server.url("/chapters.json").absoluteString)" type="application/json+chapters"/>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """))
        #expect(try earshot(h, "refresh").status == 0)
        #expect(try earshot(h, "play", "chapters file").status == 0)
        let deadline = Date().addingTimeInterval(10)
        var list = ""
        while Date() < deadline, !list.contains("Listener mail") {
            list = try earshot(h, "chapters").stdout
            usleep(100_000)
        }
        #expect(list == "▶   1  0:00  Welcome\n    2  0:20  Listener mail\n", "\(list)")
        #expect(try h.ask("metadata", "xesam:artist") == "Welcome")
        #expect(h.terminate() == 0)
    }
}
