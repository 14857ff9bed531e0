import EarshotTestSupport
import Foundation
import Testing

/// One feed at two addresses is one podcast, against the daemon and a real HTTP server: an address that
/// redirects permanently onto a subscribed one, an OPML file listing both, and a feed subscribed at its
/// new address before the old one was seen to move.
@Suite("One feed, two addresses: one podcast", .serialized)
struct FeedMoveTests {
    static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// How many podcasts `earshot podcasts --json` lists with `title`.
    static func podcasts(titled title: String, _ h: DaemonHarness) throws -> Int {
        try earshot(h, "podcasts", "--json").stdout.components(separatedBy: "\"title\" : \"\(title)\"").count - 1
    }

    /// How many episodes the library lists in all.
    static func episodeCount(_ h: DaemonHarness) throws -> Int {
        try earshot(h, "episodes", "--json").stdout.components(separatedBy: "\"guid\" :").count - 1
    }

    /// The podcast id an `earshot add --json` reported.
    static func podcastID(_ add: Subprocess.Output) -> String? {
        add.stdout.split(separator: "\n").first { $0.contains("\"podcast\" :") }?
            .split(separator: ":").last?.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
    }

    @Test func subscribingToAnAddressThatRedirectsPermanentlyOntoASubscribedOneAddsNoSecondPodcast() throws {
        let h = try DaemonHarness()
        let show = LibraryCommandTests.serveSecondShow(h)
        let first = try Self.earshot(h, "add", "--json", show.absoluteString)
        #expect(first.status == 0, "\(first.stderr)")
        let episodes = try Self.episodeCount(h)
        h.server.route("/moved.xml") { _ in .redirect(status: 301, to: "/other.xml") }
        let again = try Self.earshot(h, "add", "--json", h.server.url("/moved.xml").absoluteString)
        #expect(again.status == 0, "an address of a feed already subscribed is not an error: \(again.stderr)")
        #expect(Self.podcastID(again) != nil && Self.podcastID(again) == Self.podcastID(first), "\(again.stdout)")
        #expect(try Self.podcasts(titled: "Another Show", h) == 1)
        #expect(try Self.episodeCount(h) == episodes, "its episodes are listed once")
        #expect(!h.daemonLog.contains("keeping "), "\(h.daemonLog)")
        #expect(again.stdout.contains("\"already_subscribed\" : true"), "\(again.stdout)")
        let plain = try Self.earshot(h, "add", h.server.url("/moved.xml").absoluteString)
        #expect(plain.status == 0 && plain.stdout.isEmpty, "\(plain.stdout)")
        #expect(plain.stderr.hasPrefix("earshot: “Another Show” is already subscribed (podcast "), "\(plain.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func anOPMLFileListingBothAddressesOfOneFeedImportsOnePodcast() throws {
        let h = try DaemonHarness()
        let show = LibraryCommandTests.serveSecondShow(h)
        let moved = h.server.url("/moved.xml")
        h.server.route("/moved.xml") { _ in .redirect(status: 301, to: "/other.xml") }
        let opml = h.stateDirectory + "/both.opml"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Both</title></head><body>
              <outline type="rss" text="Old address" xmlUrl="\(moved.absoluteString)"/>
              <outline type="rss" text="New address" xmlUrl="\(show.absoluteString)"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let imported = try Self.earshot(h, "import", opml)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.podcasts(titled: "Another Show", h) == 1)
        let another = try Self.earshot(h, "episodes", "another", "--json")
        #expect(another.status == 0 && another.stdout.components(separatedBy: "\"guid\" :").count - 1 == 4, "\(another.stdout)\(another.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func aFeedAddedAtItsNewAddressBeforeTheOldOneWasSeenToMoveBecomesOnePodcastAtTheNextRefresh() throws {
        let h = try DaemonHarness()
        let feed = Array(AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Moving Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>mov-").utf8)
        h.server.serve("/old.xml", body: feed, contentType: "application/rss+xml")
        #expect(try Self.earshot(h, "add", h.server.url("/old.xml").absoluteString).status == 0)
        let episodes = try Self.episodeCount(h)
        // The publisher moves the feed; the listener adds the new address before Earshot saw the move.
        h.server.serve("/new.xml", body: feed, contentType: "application/rss+xml")
        h.server.route("/old.xml") { _ in .redirect(status: 301, to: "/new.xml") }
        #expect(try Self.earshot(h, "add", h.server.url("/new.xml").absoluteString).status == 0)
        let refresh = try Self.earshot(h, "refresh")
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try Self.podcasts(titled: "Moving Show", h) == 1)
        #expect(try Self.episodeCount(h) == episodes, "its episodes are listed once")
        #expect(h.daemonLog.contains("was merged into"), "\(h.daemonLog)")
        #expect(try Self.earshot(h, "refresh").status == 0)
        #expect(!h.daemonLog.contains("keeping "), "no warning at each refresh: \(h.daemonLog)")
        let again = try Self.earshot(h, "add", "--json", h.server.url("/old.xml").absoluteString)
        #expect(again.status == 0 && Self.podcastID(again) != nil)
        #expect(try Self.podcasts(titled: "Moving Show", h) == 1, "the old address is known to lead there")
        #expect(h.terminate() == 0)
    }

    @Test func addingTheAddressAFeedNamesAsItsNewOneAfterItsOldOneIsThePodcastAlreadySubscribed() throws {
        let h = try DaemonHarness()
        let newURL = h.server.url("/new.xml")
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Moving Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>mov-")
        h.server.serve("/new.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        h.server.serve("/old.xml", body: Array(feed.replacingOccurrences(
            of: "<itunes:author>", with: "<itunes:new-feed-url>\(newURL.absoluteString)</itunes:new-feed-url><itunes:author>").utf8),
                       contentType: "application/rss+xml")
        let old = try Self.earshot(h, "add", "--json", h.server.url("/old.xml").absoluteString)
        let new = try Self.earshot(h, "add", "--json", newURL.absoluteString)
        #expect(old.status == 0 && new.status == 0, "\(old.stderr)\(new.stderr)")
        #expect(Self.podcastID(new) != nil && Self.podcastID(new) == Self.podcastID(old), "\(old.stdout)\(new.stdout)")
        #expect(try Self.podcasts(titled: "Moving Show", h) == 1)
        #expect(h.terminate() == 0)
    }
}
