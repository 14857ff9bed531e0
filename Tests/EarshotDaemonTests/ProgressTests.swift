import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Listening progress across restarts, crashes, offline starts and refreshes, with the real daemon.
@Suite("earshot serve: progress, restore, refresh and art", .serialized)
struct ProgressTests {
    /// playerctl's position in seconds.
    private func position(_ h: DaemonHarness) throws -> Double { Double(try h.ask("position")) ?? -1 }

    @Test func aRestartRestoresTheEpisodePausedWithinASecondOfWhereItWas() throws {
        let h = try DaemonHarness()
        try h.playerctl("previous")
        try h.playerctl("previous")  // the oldest, 50 s
        try h.playerctl("play")
        try h.playerctl("position", "20")
        _ = try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }
        usleep(1_500_000)
        try h.playerctl("pause")
        let left = try position(h)
        #expect(h.terminate() == 0)

        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try h.ask("status") == "Paused")
        #expect(try h.ask("metadata", "xesam:title") == "Oldest episode")
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        #expect(try h.ask("metadata", "xesam:artist") == "Test Author")
        let restored = try h.wait(for: "position") { abs((Double($0) ?? 0) - left) < 1 }
        #expect(abs((Double(restored) ?? 0) - left) < 1, "left at \(left), restored at \(restored)")
        #expect(h.terminate() == 0)
    }

    @Test func earshotAloneServesTheCurrentFeedWhereItWasLeft() throws {
        let h = try DaemonHarness()
        try h.playerctl("previous")
        #expect(h.terminate() == 0)
        try h.start([])
        #expect(try h.ask("metadata", "xesam:title") == "Middle episode")
        #expect(h.terminate() == 0)
    }

    @Test func killNineWhilePlayingLosesAtMostFiveSeconds() throws {
        let h = try DaemonHarness()
        try h.playerctl("play")
        try h.playerctl("position", "5")
        _ = try h.wait(for: "position") { (Double($0) ?? 0) >= 5 }
        usleep(7_000_000)
        // It plays on between playerctl's answer and the SIGKILL: a 5-second save falling in between
        // stores a place up to that long after `atKill`.
        let asked = Date()
        let atKill = try position(h)
        h.kill9()
        let playedOn = Date().timeIntervalSince(asked)
        try h.start(["--feed", h.feedURL.absoluteString])
        let restored = try position(h)
        #expect(restored <= atKill + playedOn && atKill - restored <= 5.5,
                "killed at \(atKill) (+ at most \(playedOn) s played on), restored at \(restored)")
        #expect(try h.ask("metadata", "xesam:title") == "Newest episode")
        #expect(h.terminate() == 0)
    }

    @Test func anOfflineStartRestoresFromTheStoreAndPlays() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        h.goOffline()
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try h.ask("metadata", "xesam:title") == "Newest episode")
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let moving = try h.wait(for: "position") { (Double($0) ?? 0) > 0.5 }
        #expect((Double(moving) ?? 0) > 0.5)
        #expect(h.daemonLog.contains("keeping the stored episodes"))
        #expect(h.terminate() == 0)
    }

    @Test func aRefreshAddsANewEpisodeWithoutInterruptingPlayback() throws {
        let h = try DaemonHarness()
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(try h.ask("metadata", "xesam:title") == "Newest episode")
        let newer = """
            <item><guid>ep-fresh</guid><title>Fresh episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
            """
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: newer))
        try h.playerctl("open", h.feedURL.absoluteString)  // OpenUri with the current feed: a refresh
        // The refresh is fetched, parsed and stored on other threads: on a busy machine that takes more
        // than a few seconds, so the wait is generous (it ends as soon as Next is possible).
        var nextPossible = false
        for _ in 0..<300 {
            let answer = try Subprocess.run(
                ["busctl", "--user", "get-property", "org.mpris.MediaPlayer2.earshot", "/org/mpris/MediaPlayer2",
                 "org.mpris.MediaPlayer2.Player", "CanGoNext"], busAddress: h.bus.address, context: h.context).trimmed
            if answer == "b true" { nextPossible = true; break }
            usleep(100_000)
        }
        #expect(nextPossible, "the new episode is newer than the current one")
        #expect(try h.ask("status") == "Playing", "playback was not interrupted")
        #expect(try h.ask("metadata", "xesam:title") == "Newest episode")
        try h.playerctl("next")
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Fresh episode" } == "Fresh episode")
        #expect(h.terminate() == 0)
    }

    @Test func coverArtArrivesAsALocalFile() throws {
        let h = try DaemonHarness()
        let art = try h.wait(for: "metadata", "mpris:artUrl") { $0.hasPrefix("file://") }
        #expect(art.hasPrefix("file://\(h.stateDirectory)/cache/earshot/art/"), "\(art)")
        #expect(FileManager.default.fileExists(atPath: URL(string: art)?.path ?? ""))
        #expect(h.terminate() == 0)
    }

    @Test func aCoverDeletedFromTheCacheIsNoLongerPublishedAndIsFetchedAgain() throws {
        let h = try DaemonHarness()
        let art = try h.wait(for: "metadata", "mpris:artUrl") { $0.hasPrefix("file://") }
        let file = try #require(URL(string: art)?.path)
        try FileManager.default.removeItem(atPath: file)
        try h.playerctl("play")  // any change makes the daemon look again
        let again = try h.wait(for: "metadata", "mpris:artUrl") { $0.hasPrefix("file://") && FileManager.default.fileExists(atPath: URL(string: $0)?.path ?? "") }
        #expect(FileManager.default.fileExists(atPath: file), "fetched again: \(again)")
        #expect(h.terminate() == 0)
    }

    @Test func aLengthTheFeedLacksIsLearnedFromTheAudioAndStored() throws {
        let h = try DaemonHarness()
        // "Newest episode" has no itunes:duration; loading it paused is enough to learn its length.
        let length = try h.wait(for: "metadata", "mpris:length") { (Int64($0) ?? 0) > 40_000_000 }
        #expect((Int64(length) ?? 0) > 40_000_000, "about 50 s")
        let listing = try EarshotProcess.run(["episodes", "--json"], environment: h.environment).stdout
        let newest = try #require(listing.components(separatedBy: "},").first { $0.contains("\"title\" : \"Newest episode\"") })
        #expect(newest.contains("\"duration\" : 5"), "stored: \(newest)")
        #expect(h.terminate() == 0)
    }
}
