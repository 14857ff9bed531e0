import EarshotTestSupport
import Foundation
import Testing

/// Playing an episode that is not downloaded streams the listener's preferred `audio-format` from its
/// `podcast:alternateEnclosure`, and falls over to the next source when one fails to start: the real
/// daemon, GStreamer and a local server.
@Suite("Streaming the preferred alternate source, falling over to the next", .serialized)
struct StreamFalloverDaemonTests {
    @Test func thePreferredFormatStreamsAndASourceThatFailsGivesWayToTheNext() throws {
        let h = try DaemonHarness()
        let base = h.server.baseURL.absoluteString
        let item = """
            <item><guid>ep-alternate</guid><title>Alternate episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(base)/audio/newest.mp3?from=enclosure" type="audio/mpeg" length="1"/>
              <podcast:alternateEnclosure type="audio/opus" bitrate="48000">
                <podcast:source uri="\(base)/gone.opus"/>
                <podcast:source uri="\(base)/audio/newest.mp3?from=alternate"/>
              </podcast:alternateEnclosure></item>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: item)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
        h.server.serve("/alternate.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let earshot = { (arguments: [String]) throws -> Subprocess.Output in try EarshotProcess.run(arguments, environment: h.environment) }

        #expect(try earshot(["add", h.server.url("/alternate.xml").absoluteString]).status == 0)
        #expect(try earshot(["set", "all", "audio-format", "opus"]).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot(["episodes", "--json"]).stdout.utf8)) as? [[String: Any]])
        let episode = try #require(list.first { $0["title"] as? String == "Alternate episode" }?["id"] as? Int64)
        let played = try earshot(["play", String(episode)])
        #expect(played.status == 0, "\(played.stdout)\(played.stderr)")
        // The episode's own requests: the show's other episodes use /audio/newest.mp3 without a query. The
        // next source is asked for once the first one's failure comes back (the state may say Playing
        // before it does), so the server's log is read until it has it.
        let ownRequests = { h.server.requests.filter { $0.path == "/gone.opus" || $0.query != nil }.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } }
        let deadline = Date().addingTimeInterval(30)
        var asked = ownRequests()
        while !asked.contains("/audio/newest.mp3?from=alternate"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            asked = ownRequests()
        }
        #expect(asked.first == "/gone.opus", "the preferred format's first source: \(asked)")
        #expect(asked.contains("/audio/newest.mp3?from=alternate") && !asked.contains("/audio/newest.mp3?from=enclosure"),
                "its next source, not the enclosure: \(asked)")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.terminate() == 0)
    }
}
