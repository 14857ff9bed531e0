import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// The sleep timer on the real daemon, driven by the `earshot` command line and playerctl.
@Suite("earshot sleep against the daemon", .serialized)
struct SleepTimerDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func aShortTimerFadesPausesOnTimeGivesTheVolumeBackAndDoesNotReArm() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        try h.writeConfiguration("sleep-fade = 1\n")
        try h.start(["--feed", h.feedURL.absoluteString])
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        // The timer is armed somewhere between `set` and `armedBy`: its deadline lies in
        // [set + 3 s, armedBy + 3 s]. Each CLI or playerctl call can take a while on a loaded machine,
        // so the fade and the pause are observed by polling, not by one read at a fixed time.
        let set = Date()
        let armed = try earshot(h, "sleep", "3s")
        let armedBy = Date()
        #expect(armed.status == 0, "\(armed.stderr)")
        #expect(armed.stdout.hasPrefix("Sleep timer: pauses in 0:0"), "\(armed.stdout)")
        let status = try earshot(h, "status")
        #expect(status.stdout.contains("Sleep timer: pauses in"), "\(status.stdout)")
        // Volume and status until it pauses: the lowest volume seen (only the fade lowers it; the pause
        // gives it back) and the last moment it was still seen playing.
        var lowest = 1.0, lastSeenPlaying = armedBy, paused = ""
        let deadline = armedBy.addingTimeInterval(8)
        while Date() < deadline {
            lowest = min(lowest, Double(try h.ask("volume")) ?? 1)
            let asked = Date()
            paused = try h.ask("status")
            if paused == "Paused" { break }
            lastSeenPlaying = asked
            usleep(20_000)
        }
        let pausedBy = Date().timeIntervalSince(set)
        #expect(paused == "Paused")
        #expect(lowest < 0.9, "fading over the last second: the lowest volume seen was \(lowest)")
        #expect(pausedBy >= 2.9, "paused at most \(pausedBy) s after the timer was set")
        let late = lastSeenPlaying.timeIntervalSince(armedBy)
        #expect(late < 3.8, "still playing \(late) s after the timer was armed")
        #expect(Double(try h.ask("volume")) == 1, "the volume is back for the next play")
        #expect(try earshot(h, "sleep").stdout == "Sleep timer: off\n")
        try h.playerctl("play")
        usleep(2_000_000)
        #expect(try h.ask("status") == "Playing", "playing by hand does not re-arm it")
        #expect(h.terminate() == 0)
    }

    @Test func endOfEpisodeLeavesTheNextEpisodePausedAtItsStartWithTheVolumeBack() throws {
        let h = try DaemonHarness()
        try h.playerctl("previous")  // the 3-second middle episode
        #expect(try h.ask("metadata", "xesam:title") == "Middle episode")
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(try earshot(h, "sleep", "end-of-episode").status == 0)
        #expect(try h.wait(for: "metadata", "xesam:title", seconds: 10) { $0 == "Newest episode" } == "Newest episode")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        usleep(1_000_000)
        #expect(try h.ask("status") == "Paused", "it stays paused")
        #expect(Double(try h.ask("position")) ?? 1 < 0.5)
        #expect(Double(try h.ask("volume")) == 1)
        #expect(try earshot(h, "sleep").stdout == "Sleep timer: off\n")
        #expect(h.terminate() == 0)
    }

    @Test func aRestartForgetsTheTimer() throws {
        let h = try DaemonHarness()
        #expect(try earshot(h, "sleep", "end-of-episode").stdout.contains("end of this episode"))
        let tenMinutes = try earshot(h, "sleep", "10m").stdout
        #expect(tenMinutes.contains("pauses in 9:59") || tenMinutes.contains("pauses in 10:00"), "\(tenMinutes)")
        #expect(try earshot(h, "sleep").stdout.hasPrefix("Sleep timer: pauses in"))
        #expect(h.terminate() == 0)
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try earshot(h, "sleep").stdout == "Sleep timer: off\n")
        #expect(h.terminate() == 0)
    }

    @Test func aBadWhenIsOneLine() throws {
        let h = try DaemonHarness()
        let run = try earshot(h, "sleep", "soon")
        #expect(run.status != 0)
        #expect(run.stderr.contains("“soon” is not a time"), "\(run.stderr)")
        #expect(h.terminate() == 0)
    }
}
