import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Finding shows end to end: the real daemon on a private bus, the real `earshot` command line, and the
/// three directories and some websites answered by a local server in the documented shapes (the
/// fixtures of EarshotFeedTests, their feed addresses pointed at this test's shows).
@Suite("earshot search/top/add from any address against the daemon", .serialized)
struct FindingShowsTests {
    let h: DaemonHarness
    let directories: FixtureServer
    /// Shows whose feeds the directories list: served by the harness's audio server.
    let labFeed: URL
    let otherFeed: URL

    init() throws {
        h = try DaemonHarness()
        #expect(h.terminate() == 0)
        directories = try FixtureServer()
        labFeed = LibraryCommandTests.serveSecondShow(h, path: "/lab.xml", title: "Lab Show")
        otherFeed = LibraryCommandTests.serveSecondShow(h, path: "/other.xml", title: "Other Show")
        try h.writeConfiguration("""
            directories = itunes, fyyd, podcastindex
            directory-timeout = 2
            itunes-url = \(directories.url("/itunes").absoluteString)
            fyyd-url = \(directories.url("/fyyd").absoluteString)
            podcastindex-url = \(directories.url("/pi").absoluteString)
            podcastindex-key = KEY
            podcastindex-secret = SECRET
            """)
        try h.start(["--feed", h.feedURL.absoluteString])
    }

    /// A fixture reply with its example feeds replaced by this test's shows.
    func reply(_ name: String) throws -> [UInt8] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../EarshotFeedTests/Fixtures/directories/\(name)").standardizedFileURL
        let text = try String(contentsOf: path, encoding: .utf8)
            .replacingOccurrences(of: "https://feeds.example.com/radiolab", with: labFeed.absoluteString)
            .replacingOccurrences(of: "http://www.feeds.example.com/radiolab/", with: labFeed.absoluteString)
            .replacingOccurrences(of: "https://labnotes.example.org/feed.xml", with: otherFeed.absoluteString)
        return Array(text.utf8)
    }

    func serve(_ path: String, _ fixture: String) throws {
        directories.serve(path, body: try reply(fixture), contentType: "application/json")
    }

    func serveAllThree() throws {
        try serve("/itunes/search", "itunes-search.json")
        try serve("/fyyd/0.2/search/podcast", "fyyd-search.json")
        try serve("/pi/api/1.0/search/byterm", "podcastindex-search.json")
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func aSearchAsksEveryDirectoryAndListsEachShowOnceNumberedWithItsDirectories() throws {
        try serveAllThree()
        let search = try earshot("search", "radio", "lab")
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#  title") == true, "\(search.stdout)")
        let first = try #require(lines.dropFirst().first)
        #expect(first.contains("1  Radio Lab of Examples") && first.contains("Apple Podcasts, fyyd, Podcast Index"), "\(search.stdout)")
        #expect(search.stdout.components(separatedBy: "Radio Lab of Examples").count == 2, "listed once")
        #expect(search.stdout.contains("Tom & Jerry's Lab Hour"), "HTML in a title is plain text")
        #expect(!search.stdout.contains("Kept Behind a Paywall") && !search.stdout.contains("A Dead Feed"))
        #expect(search.stdout.contains("earshot add N subscribes to one of these"))
        #expect(search.stderr.isEmpty, "\(search.stderr)")
        #expect(directories.requests.map(\.path).sorted() == ["/fyyd/0.2/search/podcast", "/itunes/search", "/pi/api/1.0/search/byterm"])
        #expect(h.terminate() == 0)
    }

    @Test func addWithANumberRightAfterASearchSubscribesToThatShowAndSaysWhichItUsed() throws {
        try serveAllThree()
        #expect(try earshot("search", "lab").status == 0)
        let add = try earshot("add", "1")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Show 1 of the search for “lab” (just now): “Radio Lab of Examples”, \(labFeed.absoluteString)"),
                "\(add.stdout)")
        #expect(add.stdout.contains("Subscribed to “Lab Show”"), "\(add.stdout)")
        let again = try earshot("search", "lab")
        #expect(again.stdout.split(separator: "\n")[1].hasSuffix("podcast 2"), "the library has it now: \(again.stdout)")
        let outOfRange = try earshot("add", "99")
        #expect(outOfRange.status == 1)
        #expect(outOfRange.stderr.hasPrefix("earshot: there is no show 99 in the search for “lab”"), "\(outOfRange.stderr)")
        #expect(outOfRange.stderr.split(separator: "\n").count == 1)
        #expect(h.terminate() == 0)
    }

    @Test func aNumberWithoutARecentListIsOneLineAndNothingIsAsked() throws {
        let add = try earshot("add", "2")
        #expect(add.status == 1)
        #expect(add.stderr == "earshot: “2” is a number from a list of shows, but there is none from the last hour "
                + "(earshot search WORDS or earshot top first)\n", "\(add.stderr)")
        #expect(directories.requests.isEmpty, "directories are asked only by search, top and directory links")
        #expect(h.terminate() == 0)
    }

    @Test func aFailingDirectoryIsNamedInOneLineAndTheOthersShowsStillCome() throws {
        try serve("/itunes/search", "itunes-search.json")
        directories.route("/fyyd/0.2/search/podcast") { _ in
            .raw(Array("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        directories.route("/pi/api/1.0/search/byterm") { _ in .neverAnswer }
        let started = Date()
        let search = try earshot("search", "lab")
        #expect(Date().timeIntervalSince(started) < 4, "the deadline is 2 s")
        #expect(search.status == 0)
        #expect(search.stdout.contains("Radio Lab of Examples"))
        #expect(search.stderr == "earshot: fyyd asked Earshot to slow down (429 Too Many Requests; try again after 60)\n"
                + "earshot: Podcast Index did not answer within 2 s\n", "\(search.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func aSlowDirectoryIsWaitedForUntilItsDeadline() throws {
        try serve("/itunes/search", "itunes-search.json")
        try serve("/fyyd/0.2/search/podcast", "fyyd-empty.json")
        let slow = try reply("podcastindex-search.json")
        directories.route("/pi/api/1.0/search/byterm") { _ in
            .paced(slow, contentType: "application/json", bytesPerTick: slow.count, intervalMilliseconds: 700)
        }
        let started = Date()
        let search = try earshot("search", "--json", "lab")
        #expect(Date().timeIntervalSince(started) >= 0.7)
        #expect(search.status == 0)
        #expect(search.stdout.contains("Lab Notes & Examples"), "Podcast Index's show, 0.7 s late: \(search.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test func whenEveryDirectoryFailsTheStatusIsOne() throws {
        directories.route("/itunes/search") { _ in .status(500) }
        directories.route("/fyyd/0.2/search/podcast") { _ in .status(500) }
        try serve("/pi/api/1.0/search/byterm", "podcastindex-unauthorized.json")
        let search = try earshot("search", "lab")
        #expect(search.status == 1)
        #expect(search.stderr.split(separator: "\n").count == 3, "\(search.stderr)")
        #expect(search.stderr.contains("Podcast Index refused: Authorization header value is invalid."), "\(search.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func searchJSONIsStableForScripts() throws {
        try serve("/itunes/search", "itunes-search.json")
        try serve("/fyyd/0.2/search/podcast", "fyyd-empty.json")
        try serve("/pi/api/1.0/search/byterm", "podcastindex-search.json")
        let search = try earshot("search", "--json", "daily news")
        #expect(search.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any]
        let results = try #require(json?["results"] as? [[String: Any]])
        #expect(results.first?["number"] as? Int == 1)
        #expect(results.first?["directories"] as? [String] == ["Apple Podcasts", "Podcast Index"])
        #expect(results.first?["latest"] as? String == "2024-05-03T12:00:00Z", "the later of Apple's and Podcast Index's dates")
        #expect((json?["failures"] as? [Any])?.isEmpty == true)
        #expect(directories.requests.first { $0.path == "/itunes/search" }?.query?.contains("term=daily%20news") == true)
        #expect(h.terminate() == 0)
    }

    @Test func topListsApplesChartForACountryAndGenreNumberedTheSameWay() throws {
        directories.serve("/itunes/de/rss/toppodcasts/limit=25/genre=1303/json", body: try reply("itunes-chart.json"),
                          contentType: "text/javascript; charset=utf-8")
        let lookup = try String(decoding: reply("itunes-chart-lookup.json"), as: UTF8.self)
            .replacingOccurrences(of: "https://top.example.com/feed.xml", with: labFeed.absoluteString)
        directories.serve("/itunes/lookup", body: Array(lookup.utf8), contentType: "text/javascript; charset=utf-8")
        let top = try earshot("top", "--country", "de", "--genre", "comedy")
        #expect(top.status == 0, "\(top.stderr)")
        let rows = top.stdout.split(separator: "\n").dropFirst().prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.map { $0.prefix(16).trimmingCharacters(in: .whitespaces) } == ["1  The Top Show", "2  Second Place", "3  Third Place"],
                "\(top.stdout)")
        #expect(try earshot("add", "1").stdout.contains("Subscribed to “Lab Show”"))
        #expect(h.terminate() == 0)
    }

    @Test func badQueriesAreOneLineAndAUsageStatus() throws {
        for arguments in [["search"], ["top", "--country", "deu"], ["top", "--genre", "polka"]] {
            let run = try EarshotProcess.run(arguments, environment: h.environment)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect(h.terminate() == 0)
    }

    @Test func aWebsitesFeedIsFoundAndSubscribedTo() throws {
        h.server.serve("/site/", body: Array("""
            <!DOCTYPE html><html><head><title>Lab Show</title>
            <link rel="alternate" type="application/rss+xml" title="Lab Show" href="../lab.xml"></head><body>Hi</body></html>
            """.utf8), contentType: "text/html; charset=utf-8")
        let add = try earshot("add", h.server.url("/site/").absoluteString)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "Subscribed to “Lab Show”: 4 episodes (its feed: \(labFeed.absoluteString))\n", "\(add.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test func aWebsiteWithSeveralFeedsListsThemNumberedAndAddNTakesOne() throws {
        h.server.serve("/site/", body: Array("""
            <html><head>
            <link rel="alternate" type="application/rss+xml" title="Lab (MP3)" href="/lab.xml">
            <link rel="alternate" type="application/atom+xml" title="Other" href="/other.xml">
            </head></html>
            """.utf8), contentType: "text/html")
        let add = try earshot("add", h.server.url("/site/").absoluteString)
        #expect(add.status == 1)
        #expect(add.stdout == """
            \(h.server.url("/site/").absoluteString) links to 2 feeds:
              1. Lab (MP3)  \(labFeed.absoluteString)
              2. Other  \(otherFeed.absoluteString)
            earshot add N subscribes to one of these (N from 1 to 2, for the next hour).

            """, "\(add.stdout)")
        let second = try earshot("add", "2")
        #expect(second.stdout.contains("Subscribed to “Other Show”"), "\(second.stdout) \(second.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func aWebsiteWithoutAFeedOrThatIsNoPageIsOneLine() throws {
        h.server.serve("/plain/", body: Array("<html><head><title>No feed</title></head></html>".utf8), contentType: "text/html")
        let none = try earshot("add", h.server.url("/plain/").absoluteString)
        #expect(none.status == 1)
        #expect(none.stderr == "earshot: \(h.server.url("/plain/").absoluteString): the web page links to no feed "
                + "(no <link rel=\"alternate\"> of type application/rss+xml or application/atom+xml)\n", "\(none.stderr)")
        h.server.serve("/big/", body: Array("<html>".utf8) + Array(repeating: 0x20, count: 3 << 20), contentType: "text/html")
        let big = try earshot("add", h.server.url("/big/").absoluteString)
        #expect(big.status == 1)
        #expect(big.stderr.contains("the page is larger than 2 MiB"), "\(big.stderr)")
        #expect(big.stderr.split(separator: "\n").count == 1)
        #expect(h.terminate() == 0)
    }

    @Test func anApplePodcastsLinkIsLookedUpInTheConfiguredDirectory() throws {
        try serve("/itunes/lookup", "itunes-lookup.json")
        let add = try earshot("add", "https://podcasts.apple.com/us/podcast/radio-lab-of-examples/id1000000001")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Subscribed to “Lab Show”"), "\(add.stdout)")
        #expect(directories.requests.map(\.query) == ["entity=podcast&id=1000000001"])
        #expect(h.terminate() == 0)
    }

    @Test func aPodcastIndexLinkIsLookedUpWithTheSignedAPI() throws {
        try serve("/pi/api/1.0/podcasts/byfeedid", "podcastindex-byfeedid.json")
        let add = try earshot("add", "https://podcastindex.org/podcast/920666")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Subscribed to “Other Show”"), "\(add.stdout)")
        #expect(directories.requests.first?.headers["x-auth-key"] == "KEY")
        #expect(h.terminate() == 0)
    }

    @Test func aFeedAliasOpenedThroughMPRISIsSubscribedTo() throws {
        let alias = labFeed.absoluteString.replacingOccurrences(of: "http://", with: "feed://")
        try h.playerctl("open", alias)
        #expect(try h.wait(for: "metadata", "xesam:album") { $0 == "Lab Show" } == "Lab Show")
        #expect(h.terminate() == 0)
    }
}
