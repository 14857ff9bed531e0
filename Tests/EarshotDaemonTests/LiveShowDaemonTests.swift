import EarshotTestSupport
import Foundation
import Testing

/// A live show end to end: the real daemon refreshing a feed whose `podcast:liveItem` goes pending →
/// live → ended, an endless audio stream served by the test's SoupServer (generated audio written chunk
/// after chunk, never finishing), a stand-in notification server, playerctl and the CLI.
@Suite("Live shows against the daemon", .serialized)
struct LiveShowDaemonTests {
    /// The fixture feed with the Podcasting 2.0 namespace and, before its items, `extra`.
    static func feed(_ h: DaemonHarness, _ extra: String) -> String {
        AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: extra)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
    }

    /// The live item, with `status`, streaming from /live.mp3.
    static func liveItem(_ h: DaemonHarness, _ status: String) -> String {
        """
        <podcast:liveItem status="\(status)" start="2024-01-05T10:00:00Z">
          <title>Live Q&amp;A</title><guid>live-1</guid>
          <enclosure url="\(h.server.url("/live.mp3").absoluteString)" type="audio/mpeg" length="0"/>
        </podcast:liveItem>
        """
    }

    /// An MPRIS property of the daemon's player, as gdbus prints it.
    static func property(_ h: DaemonHarness, _ name: String) throws -> String {
        try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/mpris/MediaPlayer2",
                            "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", name],
                           busAddress: h.bus.address, context: h.context).trimmed
    }

    /// The library's episodes as `earshot episodes --json` lists them.
    static func episodes(_ h: DaemonHarness) throws -> [[String: Any]] {
        let run = try EarshotProcess.run(["episodes", "--json"], environment: h.environment)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    @Test func aShowGoingLiveIsAnnouncedPlaysUnseekableWithoutAPlaceAndBecomesAnEpisodeWhenItEnds() throws {
        let (h, server) = try NotificationTests.start()
        let chunk = try #require(try AudioFixtures.files()["middle.mp3"])
        h.server.route("/live.mp3") { _ in .endless(chunk: chunk, contentType: "audio/mpeg") }

        h.serveFeed(Self.feed(h, Self.liveItem(h, "pending")))
        try NotificationTests.earshot(h, "Refresh", "@ax []")
        #expect(!h.context.iterate(until: { !server.received.isEmpty }, timeoutSeconds: 1), "pending: no notice")
        #expect(try Self.episodes(h).allSatisfy { $0["guid"] as? String != "live-1" }, "a pending show is no episode")

        h.serveFeed(Self.feed(h, Self.liveItem(h, "live")))
        let notice = try NotificationTests.refresh(h, server, until: 1)
        #expect(notice.summary == "Daemon Show is live now")
        #expect(notice.body == "Live Q&amp;A")
        #expect(notice.actions.first == "default", "GNOME shows only the default action")
        try NotificationTests.earshot(h, "Refresh", "@ax []")
        #expect(!h.context.iterate(until: { server.received.count > 1 }, timeoutSeconds: 1), "announced once")

        try server.click("default", on: notice.id)
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Live Q&A" } == "Live Q&A")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let position = Double(try h.wait(for: "position", seconds: 15) { (Double($0) ?? 0) >= 2 }) ?? 0
        #expect(position >= 2, "the position moves on: \(position)")
        #expect(try Self.property(h, "CanSeek") == "(<false>,)")
        let metadata = try Self.property(h, "Metadata")
        #expect(metadata.contains("Live Q&A") && !metadata.contains("mpris:length"), "\(metadata)")
        _ = try h.playerctl("pause")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        let live = try #require(try Self.episodes(h).first { $0["guid"] as? String == "live-1" })
        #expect((live["position"] as? Double ?? 0) == 0 && live["completed"] as? Bool != true, "no place saved: \(live)")

        let recording = """
            <item><guid>live-1</guid><title>Live Q&amp;A (recording)</title><pubDate>Fri, 05 Jan 2024 11:00:00 GMT</pubDate>
              <enclosure url="\(h.server.url("/audio/oldest.mp3").absoluteString)" type="audio/mpeg" length="1"/></item>
            """
        h.serveFeed(Self.feed(h, Self.liveItem(h, "ended") + recording))
        try NotificationTests.earshot(h, "Refresh", "@ax []")
        let shows = try Self.episodes(h).filter { $0["guid"] as? String == "live-1" }
        #expect(shows.count == 1, "one episode for the show")
        #expect(shows.first?["id"] as? Int64 == live["id"] as? Int64, "the same episode")
        #expect(shows.first?["title"] as? String == "Live Q&A (recording)")
        #expect(shows.first?["url"] as? String == h.server.url("/audio/oldest.mp3").absoluteString)
        #expect(h.terminate() == 0)
    }

    @Test func detailsSayHowOftenTheFeedIsRefreshedByItsDeclaredFrequency() throws {
        let h = try DaemonHarness()
        h.serveFeed(Self.feed(h, "<podcast:updateFrequency rrule=\"FREQ=DAILY\">Daily</podcast:updateFrequency>"))
        #expect(try EarshotProcess.run(["refresh"], environment: h.environment).status == 0)
        let details = try EarshotProcess.run(["details", "--podcast", "Daemon"], environment: h.environment)
        #expect(details.stdout.contains("Publishes: Daily") && details.stdout.contains("Earshot refreshes it every 6 hours."),
                "\(details.stdout)\(details.stderr)")
        #expect(h.terminate() == 0)
    }

    /// Two seconds of generated MP3 audio in an MPEG transport stream: one HLS segment.
    static func transportSegment() throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-live-\(UUID().uuidString).ts").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = try ChildProcess(["gst-launch-1.0", "-q", "audiotestsrc", "num-buffers=86", "!", "audioconvert", "!", "lamemp3enc",
                                       "target=bitrate", "bitrate=32", "cbr=true", "!", "mpegaudioparse", "!", "mpegtsmux",
                                       "!", "filesink", "location=\(path)"]).wait()
        guard status == 0 else { throw TestFailure("could not make a transport stream segment") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func anHLSLiveStreamPlaysUnseekable() throws {
        let h = try DaemonHarness()
        let segment = try Self.transportSegment()
        let opened = Date()
        // A live playlist: three 2-second segments, sliding on as time passes, never an end.
        h.server.route("/live.m3u8") { _ in
            let first = Int(Date().timeIntervalSince(opened) / 2)
            let entries = (first..<first + 3).map { "#EXT-X-DISCONTINUITY\n#EXTINF:2.0,\nsegment.ts?n=\($0)" }
            let playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(first)\n" + entries.joined(separator: "\n") + "\n"
            return .body(Array(playlist.utf8), contentType: "application/vnd.apple.mpegurl")
        }
        h.server.serve("/segment.ts", body: segment, contentType: "video/mp2t")
        h.serveFeed(Self.feed(h, """
            <podcast:liveItem status="live" start="2024-01-05T10:00:00Z"><title>HLS live</title><guid>live-hls</guid>
              <enclosure url="\(h.server.url("/live.m3u8").absoluteString)" type="application/x-mpegURL" length="0"/></podcast:liveItem>
            """))
        #expect(try EarshotProcess.run(["refresh"], environment: h.environment).status == 0)
        let live = try #require(try Self.episodes(h).first { $0["guid"] as? String == "live-hls" }?["id"] as? Int64)
        let played = try EarshotProcess.run(["play", String(live)], environment: h.environment)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(try h.wait(for: "status", seconds: 15) { $0 == "Playing" } == "Playing")
        let position = Double(try h.wait(for: "position", seconds: 20) { (Double($0) ?? 0) >= 3 }) ?? 0
        #expect(position >= 3, "the stream plays on across segments: \(position)\n\(h.daemonLog)")
        #expect(try Self.property(h, "CanSeek") == "(<false>,)")
        #expect(h.terminate() == 0)
    }
}
