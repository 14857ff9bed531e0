import EarshotMPRIS
import EarshotTestSupport
import Foundation

/// Two shows of one title ("Daemon Show") in the daemon's library, told apart only by their ids: the
/// harness's own (colour bars for a cover) and a second one (a checkerboard cover, episodes titled
/// "Other …"), whose fresh episode waits in the inbox and whose middle episode is in Up Next.
struct SameTitleShows {
    /// The second show's id.
    let second: Int64

    static let fresh = "Other fresh"

    init(_ h: DaemonHarness, session: FuzzSession) throws {
        h.server.serve("/art/other.png", body: try AudioFixtures.coverPNG(pattern: "checkers-4"), contentType: "image/png")
        let feed = Self.feed(h, extraItems: "")
        h.server.serve("/same-title.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let urls = DBusValue.array(elementSignature: "s", [.string(h.server.url("/same-title.xml").absoluteString)])
        let added = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Subscribe", [urls, .boolean(false)]).get()
        let result = added.first?.arrayElements?.first?.stringKeyedEntries ?? [:]
        guard let second = result["podcast"]?.variantValue?.int64Value else { throw TestFailure("the second show was not added: \(added)") }
        self.second = second
        // A refresh that finds a new episode puts it into the inbox (the show's auto-queue is off).
        let extra = """
            <item><guid>other-fresh</guid><title>\(Self.fresh)</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
            """
        h.server.serve("/same-title.xml", body: Array(Self.feed(h, extraItems: extra).utf8), contentType: "application/rss+xml")
        guard try EarshotProcess.run(["refresh"], environment: h.environment).status == 0,
              try EarshotProcess.run(["queue", "add", "Other middle"], environment: h.environment).status == 0
        else { throw TestFailure("could not refresh or queue: \(h.daemonLog)") }
    }

    /// The harness's feed under the same title with its own cover, episode titles and guids.
    private static func feed(_ h: DaemonHarness, extraItems: String) -> String {
        AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: extraItems)
            .replacingOccurrences(of: "/art/cover.png", with: "/art/other.png")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>other-")
            .replacingOccurrences(of: "<title>Newest episode", with: "<title>Other newest")
            .replacingOccurrences(of: "<title>Middle episode", with: "<title>Other middle")
            .replacingOccurrences(of: "<title>Oldest episode", with: "<title>Other oldest")
    }
}
