import EarshotTestSupport
import Foundation
import Testing

/// An item whose `podcast:remoteItem` names the other feed by `feedGuid` alone (no `feedUrl`, the
/// namespace's common shape) plays that feed's episode: the feed's address is asked of a local stand-in
/// for Podcast Index's `/podcasts/byguid` (its documented reply), the feed fetched from a local server,
/// and the answer remembered, so a refresh does not ask again. The real daemon and GStreamer.
@Suite("A remote item naming its feed by guid alone plays through Podcast Index", .serialized)
struct RemoteItemByGuidDaemonTests {
    static let originalGuid = "9b024349-ccf0-5f69-a609-6b82873eab3c"

    @Test func theFeedIsFoundByGuidTheItemPlaysItsAudioAndARefreshDoesNotAskAgain() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        let directory = try FixtureServer()
        let base = h.server.baseURL.absoluteString
        let source = """
            <item><guid>original-1</guid><title>The original</title><pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(base)/audio/newest.mp3?from=original" type="audio/mpeg" length="1"/></item>
            """
        let original = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: source).replacingOccurrences(of: "Daemon Show", with: "Original Show")
        h.server.serve("/original.xml", body: Array(original.utf8), contentType: "application/rss+xml")
        let pointer = """
            <item><guid>pointer-1</guid><title>Heard elsewhere</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:remoteItem feedGuid="\(Self.originalGuid)" itemGuid="original-1"/></item>
            """
        let curated = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: pointer)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Curated Show")
        h.server.serve("/curated.xml", body: Array(curated.utf8), contentType: "application/rss+xml")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../EarshotFeedTests/Fixtures/directories")
        let known = try String(contentsOf: fixtures.appendingPathComponent("podcastindex-byguid.json"), encoding: .utf8)
            .replacingOccurrences(of: "https://labnotes.example.org/feed.xml", with: h.server.url("/original.xml").absoluteString)
        let unknown = try String(contentsOf: fixtures.appendingPathComponent("podcastindex-byguid-unknown.json"), encoding: .utf8)
        directory.route("/pi/api/1.0/podcasts/byguid") { request in
            guard request.headers["x-auth-key"] == "KEY", request.headers["authorization"]?.count == 40 else { return .status(401) }
            let body = request.query == "guid=\(Self.originalGuid)" ? known : unknown
            return .body(Array(body.utf8), contentType: "application/json")
        }
        try h.writeConfiguration("""
            podcastindex-url = \(directory.url("/pi").absoluteString)
            podcastindex-key = KEY
            podcastindex-secret = SECRET
            """)
        try h.start(["--feed", h.feedURL.absoluteString])
        let earshot = { (arguments: [String]) throws -> Subprocess.Output in try EarshotProcess.run(arguments, environment: h.environment) }

        #expect(try earshot(["add", h.server.url("/curated.xml").absoluteString]).status == 0)
        #expect(directory.requests.compactMap(\.query) == ["guid=\(Self.originalGuid)"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot(["episodes", "--json"]).stdout.utf8)) as? [[String: Any]])
        let episode = try #require(list.first { $0["title"] as? String == "Heard elsewhere" })
        #expect(episode["playable"] as? Bool == true, "\(episode)")
        let played = try earshot(["play", String(try #require(episode["id"] as? Int64))])
        #expect(played.status == 0, "\(played.stdout)\(played.stderr)")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.server.requests.contains { $0.path == "/audio/newest.mp3" && $0.query == "from=original" }, "the other feed's audio streamed")

        let fetchesBefore = h.server.requests.filter { $0.path == "/original.xml" }.count
        #expect(try earshot(["refresh"]).status == 0)
        #expect(h.server.requests.filter { $0.path == "/original.xml" }.count > fetchesBefore, "the remembered address is fetched again")
        #expect(directory.requests.count == 1, "Podcast Index is not asked again: \(directory.requests.compactMap(\.query))")
        #expect(h.terminate() == 0)
    }
}
