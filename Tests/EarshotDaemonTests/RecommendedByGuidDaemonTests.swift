import EarshotTestSupport
import Foundation
import Testing

/// `earshot recommended` resolves the feed guids of the podrolls through Podcast Index's
/// `/podcasts/byguid` when the listener has set a key and secret: a local stand-in answers in the
/// documented shapes (the feed it knows, `"feed": []` for one it does not, 401 without the signature).
@Suite("earshot recommended resolved through Podcast Index by feed guid", .serialized)
struct RecommendedByGuidDaemonTests {
    static let knownGuid = "9b024349-ccf0-5f69-a609-6b82873eab3c"
    let h: DaemonHarness
    let directory: FixtureServer
    let resolvedFeed: URL

    init() throws {
        h = try DaemonHarness()
        #expect(h.terminate() == 0)
        directory = try FixtureServer()
        resolvedFeed = LibraryCommandTests.serveSecondShow(h, path: "/lab.xml", title: "Lab Show")
        let base = h.server.baseURL.absoluteString
        let podroll = """
            <podcast:podroll><podcast:remoteItem feedGuid="\(Self.knownGuid)"/>
              <podcast:remoteItem feedGuid="00000000-0000-5000-8000-000000000000" feedUrl="\(base)/given.xml"/></podcast:podroll>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: podroll)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Podroll Show")
        h.server.serve("/podroll.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../EarshotFeedTests/Fixtures/directories")
        let known = try String(contentsOf: fixtures.appendingPathComponent("podcastindex-byguid.json"), encoding: .utf8)
            .replacingOccurrences(of: "https://labnotes.example.org/feed.xml", with: resolvedFeed.absoluteString)
        let unknown = try String(contentsOf: fixtures.appendingPathComponent("podcastindex-byguid-unknown.json"), encoding: .utf8)
        directory.route("/pi/api/1.0/podcasts/byguid") { request in
            let signed = request.headers["x-auth-key"] == "KEY" && request.headers["x-auth-date"].flatMap(Int.init) != nil
                && request.headers["authorization"]?.count == 40 && request.headers["user-agent"]?.hasPrefix("Earshot") == true
            guard signed else { return .status(401) }
            let body = request.query == "guid=\(Self.knownGuid)" ? known : unknown
            return .body(Array(body.utf8), contentType: "application/json")
        }
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func withAKeyAGuidIsResolvedToItsTitleAndFeedAndAnUnknownOneKeepsItsGivenAddress() throws {
        try h.writeConfiguration("""
            podcastindex-url = \(directory.url("/pi").absoluteString)
            podcastindex-key = KEY
            podcastindex-secret = SECRET
            """)
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try earshot("add", h.server.url("/podroll.xml").absoluteString).status == 0)
        let recommended = try earshot("recommended")
        #expect(recommended.status == 0, "\(recommended.stderr)")
        #expect(recommended.stdout.contains("1. “Lab Notes & Examples” at \(resolvedFeed.absoluteString), recommended by Podroll Show"),
                "\(recommended.stdout)")
        #expect(recommended.stdout.contains("2. \(h.server.url("/given.xml").absoluteString), recommended by Podroll Show"), "\(recommended.stdout)")
        #expect(Set(directory.requests.compactMap(\.query)) == ["guid=\(Self.knownGuid)", "guid=00000000-0000-5000-8000-000000000000"])
        let add = try earshot("add", "1")
        #expect(add.stdout.contains("Subscribed to “Lab Show”"), "earshot add N takes the resolved feed: \(add.stdout)\(add.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func withoutAKeyNothingIsAskedAndTheGivenAddressesStand() throws {
        try h.writeConfiguration("podcastindex-url = \(directory.url("/pi").absoluteString)")
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try earshot("add", h.server.url("/podroll.xml").absoluteString).status == 0)
        let recommended = try earshot("recommended")
        #expect(recommended.stdout.contains("- podcast:guid \(Self.knownGuid) (no feed address given)"), "\(recommended.stdout)")
        #expect(recommended.stdout.contains("1. \(h.server.url("/given.xml").absoluteString)"), "\(recommended.stdout)")
        #expect(directory.requests.isEmpty, "Podcast Index is never asked without the listener's key")
        #expect(h.terminate() == 0)
    }
}
