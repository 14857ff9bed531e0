@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

/// Subscribing from any address through the session: a web page's one feed, several (nothing
/// subscribed, they become the numbered list), none; a page that is not HTML keeps the feed's own
/// error; Apple Podcasts and Podcast Index pages through their directory's lookup, only when it is
/// configured; one report per address in the order given.
@Suite("Subscribing from any address")
struct AddressSubscriptionTests {
    let fixture: CoreFixture
    let directories: ScriptedDirectories
    let pages = ScriptedPages()
    static let site = URL(string: "https://www.example-show.test/")!
    static let webPage = FeedError.invalidData(reason: "the document is a web page (HTML), not an RSS or Atom feed", line: 1, column: nil)

    init() throws {
        fixture = try CoreFixture()
        directories = ScriptedDirectories(timers: fixture.timers)
        fixture.session.finder.connect(directories: directories, pages: pages,
                                       settings: Finder.Settings(directories: [.itunes, .fyyd, .podcastindex]))
        fixture.feeds.answers[Self.site] = .failure(Self.webPage)
        fixture.feeds.answers[CoreFixture.url("show")] = .channel(CoreFixture.show("show", count: 3))
    }

    /// Subscribes to `texts` and runs the clock until every report is in.
    func subscribe(_ texts: [String]) -> (reports: [UpdateReport], progress: [Int]) {
        var reports: [UpdateReport]?
        var progress: [Int] = []
        fixture.session.subscribe(texts, autoQueue: true, progress: { _, done, total in
            progress.append(done)
            #expect(total == texts.count)
        }) { reports = $0 }
        fixture.timers.advance(1)
        return (reports ?? [], progress)
    }

    @Test func aWebPageWithOneFeedLinkSubscribesToThatFeed() throws {
        pages.pages[Self.site] = .success([FeedLink(url: CoreFixture.url("show"), title: "Show")])
        let report = try #require(subscribe([Self.site.absoluteString]).reports.first)
        #expect(report.error == nil)
        #expect(report.url == Self.site, "the report names the address asked for")
        #expect(report.feed == CoreFixture.url("show"))
        #expect(fixture.library.podcast(url: CoreFixture.url("show")) != nil)
    }

    @Test func aWebPageWithSeveralFeedsSubscribesToNoneAndNumbersThem() throws {
        let links = [FeedLink(url: CoreFixture.url("show"), title: "MP3"), FeedLink(url: CoreFixture.url("other"), title: "Opus")]
        pages.pages[Self.site] = .success(links)
        let report = try #require(subscribe([Self.site.absoluteString]).reports.first)
        #expect(report.choices == links)
        #expect(report.error?.contains("links to 2 feeds") == true)
        #expect(fixture.library.podcasts.isEmpty)
        let recent = try #require(fixture.session.finder.recentResults)
        #expect(recent.origin == .page(Self.site))
        #expect(recent.shows.map(\.title) == ["MP3", "Opus"])
    }

    @Test func aWebPageWithoutFeedLinksSaysSoInOneLine() throws {
        pages.pages[Self.site] = .success([])
        let report = try #require(subscribe([Self.site.absoluteString]).reports.first)
        #expect(report.error == "https://www.example-show.test/: the web page links to no feed (no <link rel=\"alternate\"> "
                + "of type application/rss+xml or application/atom+xml)")
    }

    @Test func aDocumentThatIsNeitherAFeedNorAWebPageKeepsTheFeedsOwnError() throws {
        let report = try #require(subscribe([Self.site.absoluteString]).reports.first)
        #expect(report.error?.contains("the document is a web page") == true)
        #expect(pages.asked == [Self.site])
    }

    @Test func aFeedThatCannotBeFetchedIsNeverReadAsAPage() throws {
        let missing = URL(string: "https://missing.test/feed.xml")!
        let report = try #require(subscribe([missing.absoluteString]).reports.first)
        #expect(report.error?.contains("404") == true)
        #expect(pages.asked.isEmpty)
    }

    @Test func anApplePodcastsLinkIsLookedUpAndItsFeedSubscribed() throws {
        directories.answers[.itunes] = .success([.named("Show", CoreFixture.url("show").absoluteString, in: .itunes)])
        let link = "https://podcasts.apple.com/us/podcast/show/id42"
        let report = try #require(subscribe([link]).reports.first)
        #expect(directories.asked.map(\.query) == [.lookUp("42")])
        #expect(report.error == nil)
        #expect(report.feed == CoreFixture.url("show"))
        #expect(report.url.absoluteString == link)
    }

    @Test func aDirectoryLinkIsNotLookedUpWhenThatDirectoryIsNotConfigured() throws {
        fixture.session.finder.connect(directories: directories, pages: pages, settings: Finder.Settings(directories: [.fyyd]))
        let report = try #require(subscribe(["https://podcastindex.org/podcast/920666"]).reports.first)
        #expect(report.error == "https://podcastindex.org/podcast/920666: Podcast Index is not among the directories Earshot may ask "
                + "(directories = fyyd)")
        #expect(directories.asked.isEmpty)
    }

    @Test func aLookupThatFindsNothingNamesTheDirectory() throws {
        directories.answers[.podcastindex] = .failure(.notFound("920666"))
        let report = try #require(subscribe(["https://podcastindex.org/podcast/920666"]).reports.first)
        #expect(report.error == "https://podcastindex.org/podcast/920666: Podcast Index has no show 920666 with a feed")
    }

    @Test func everyAddressGetsOneReportInTheOrderGivenWithProgressForEach() throws {
        pages.pages[Self.site] = .success([FeedLink(url: CoreFixture.url("show"), title: nil)])
        let (reports, progress) = subscribe(["not an address", Self.site.absoluteString, "feed://other.test/feed.xml"])
        #expect(reports.map(\.url.absoluteString) == ["invalid:", Self.site.absoluteString, "http://other.test/feed.xml"])
        #expect(reports[0].error == "“not an address” is not an http, https or file URL")
        #expect(reports[1].error == nil)
        #expect(reports[2].error?.contains("404") == true)
        #expect(progress == [1, 2, 3])
    }

    @Test func atMostFourPagesAreReadAtOnce() {
        pages.holding = true
        let sites = (1...6).map { URL(string: "https://site\($0).test/")! }
        for site in sites { fixture.feeds.answers[site] = .failure(Self.webPage) }
        var reports: [UpdateReport]?
        fixture.session.subscribe(sites.map(\.absoluteString), autoQueue: true, progress: { _, _, _ in }) { reports = $0 }
        #expect(pages.asked.count == 4)
        pages.releaseOne()
        #expect(pages.asked.count == 5)
        while pages.waiting > 0 { pages.releaseOne() }
        #expect(pages.asked.count == 6)
        #expect(reports?.count == 6)
    }
}
