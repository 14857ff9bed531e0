import EarshotTestSupport
import Foundation
import Testing

/// What a listener sees of a feed's Podcasting 2.0 tags, end to end: the real daemon reading a feed
/// served by the test's SoupServer, and the real CLI: the people of an episode (in its listing, in
/// status, found by name), the show's support links, its soundbites played, its live shows and its
/// recommendations.
@Suite("Podcasting 2.0 tags against the daemon", .serialized)
struct NamespaceDaemonTests {
    let h: DaemonHarness

    init() throws {
        h = try DaemonHarness()
        let base = h.server.baseURL.absoluteString
        let channel = """
            <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
            <podcast:funding url="https://show.example/give">Support the show!</podcast:funding>
            <podcast:person href="https://show.example/host">Ada Host</podcast:person>
            <podcast:locked owner="ada@show.example">yes</podcast:locked>
            <podcast:updateFrequency rrule="FREQ=WEEKLY">Weekly</podcast:updateFrequency>
            <podcast:podroll><podcast:remoteItem feedGuid="396d9ec6" feedUrl="\(base)/other.xml"/>
              <podcast:remoteItem feedGuid="917393e3-1b1e-5cef-ace4-edaa54e1f810"/></podcast:podroll>
            <podcast:liveItem status="pending" start="2031-09-26T07:30:00.000-0600">
              <title>Live next week</title><guid>live-1</guid>
              <enclosure url="https://stream.show.example/live.mp3" type="audio/mpeg" length="1"/>
            </podcast:liveItem>
            <item><guid>ep-guest</guid><title>Guest episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:person role="guest">Grace Guest</podcast:person>
              <podcast:soundbite startTime="20" duration="10">The best part</podcast:soundbite>
              <podcast:season name="Origins">1</podcast:season>
              <enclosure url="\(base)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: channel)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Namespace Show")
        h.server.serve("/namespace.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let other = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Other Show")
        h.server.serve("/other.xml", body: Array(other.utf8), contentType: "application/rss+xml")
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func peopleSupportSoundbitesLiveShowsAndRecommendationsReachTheListener() throws {
        #expect(try earshot("add", h.server.url("/namespace.xml").absoluteString).status == 0)

        let found = try earshot("episodes", "--person", "grace", "--json")
        #expect(found.status == 0, "\(found.stderr)")
        let episodes = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(episodes.map { $0["title"] as? String } == ["Guest episode"])
        #expect(episodes.first?["people"] as? [String] == ["Grace Guest (guest)"], "the D-Bus record carries the people")
        let guest = try #require(episodes.first?["id"] as? Int64)
        let hosted = try earshot("episodes", "--person", "ADA HOST")
        #expect(hosted.stdout.contains("Guest episode") && hosted.stdout.contains("Oldest episode"), "the show's host is in every episode")
        #expect(try earshot("episodes", "--person", "nobody").stderr.contains("no episode's feed names “nobody”"))

        let support = try earshot("support")
        #expect(support.stdout == "Namespace Show\n  Support the show!: https://show.example/give\n", "\(support.stdout)\(support.stderr)")

        let details = try earshot("details", String(guest))
        #expect(details.stdout.contains("Season 1: Origins") && details.stdout.contains("With Grace Guest (guest)")
                && details.stdout.contains("1. 0:20 for 0:10  The best part"), "\(details.stdout)\(details.stderr)")
        let show = try earshot("details", "--podcast", "Namespace")
        #expect(show.stdout.contains("Locked: the publisher asks") && show.stdout.contains("Publishes: Weekly"), "\(show.stdout)\(show.stderr)")

        let played = try earshot("play", String(guest), "--soundbite", "1")
        #expect(played.status == 0, "\(played.stderr)")
        let position = Double(try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }) ?? 0
        #expect(position >= 20 && position < 30, "played from the soundbite: \(position)")
        let status = try earshot("status")
        #expect(status.stdout.contains("With Grace Guest (guest)"), "\(status.stdout)")
        _ = try h.playerctl("pause")

        let live = try earshot("live")
        #expect(live.stdout.contains("[pending] starts 2031-09-") && live.stdout.contains("Live next week — Namespace Show"), "\(live.stdout)\(live.stderr)")
        let namespaceShow = try #require(episodes.first?["podcast"] as? Int64)
        let other = h.server.url("/other.xml").absoluteString
        let recommended = try earshot("recommended")
        #expect(recommended.stdout == """
            1. \(other), recommended by Namespace Show
            - podcast:guid 917393e3-1b1e-5cef-ace4-edaa54e1f810 (no feed address given), recommended by Namespace Show (in your library: podcast \(namespaceShow))
            earshot add N subscribes to show N (for the next hour).

            """, "a show recommending itself is found by its guid")
        let added = try earshot("add", "1")
        #expect(added.status == 0 && added.stdout.contains("Other Show"), "\(added.stdout)\(added.stderr)")
        #expect(try earshot("recommended").stdout.contains("1. \(other), recommended by Namespace Show (in your library: podcast"))
        #expect(h.terminate() == 0)
    }
}
