import EarshotTestSupport
import Foundation
import Testing

/// An item of one feed that plays another feed's episode (`podcast:remoteItem medium="podcast"` with the
/// other feed's address and the episode's guid) plays that episode's audio: two feeds on a local server,
/// the real daemon and GStreamer.
@Suite("A remote item plays the other feed's episode", .serialized)
struct RemoteItemDaemonTests {
    @Test func anItemPointingAtAnotherFeedsEpisodePlaysItsAudio() throws {
        let h = try DaemonHarness()
        let base = h.server.baseURL.absoluteString
        let source = """
            <item><guid>original-1</guid><title>The original</title><pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(base)/audio/newest.mp3?from=original" type="audio/mpeg" length="1"/></item>
            """
        let original = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: source).replacingOccurrences(of: "Daemon Show", with: "Original Show")
        h.server.serve("/original.xml", body: Array(original.utf8), contentType: "application/rss+xml")
        let pointer = """
            <item><guid>pointer-1</guid><title>Heard elsewhere</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:remoteItem medium="podcast" feedGuid="0f1e2d3c" feedUrl="\(base)/original.xml" itemGuid="original-1"/></item>
            """
        let curated = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: pointer)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Curated Show")
        h.server.serve("/curated.xml", body: Array(curated.utf8), contentType: "application/rss+xml")
        let earshot = { (arguments: [String]) throws -> Subprocess.Output in try EarshotProcess.run(arguments, environment: h.environment) }

        #expect(try earshot(["add", h.server.url("/curated.xml").absoluteString]).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot(["episodes", "--json"]).stdout.utf8)) as? [[String: Any]])
        let episode = try #require(list.first { $0["title"] as? String == "Heard elsewhere" })
        #expect(episode["playable"] as? Bool == true, "\(episode)")
        let played = try earshot(["play", String(try #require(episode["id"] as? Int64))])
        #expect(played.status == 0, "\(played.stdout)\(played.stderr)")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.server.requests.contains { $0.path == "/audio/newest.mp3" && $0.query == "from=original" }, "the other feed's audio streamed")
        #expect(h.terminate() == 0)
    }
}
