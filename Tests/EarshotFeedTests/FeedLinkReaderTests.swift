import EarshotFeed
import Foundation
import Testing

/// A web page's feed links, read with libxml2's HTML parser from real-shaped pages: one feed, several
/// (in any case, with entities, once each), relative ones under `<base href>`, none, and documents
/// that are not HTML or are hostile.
@Suite("Feed links of web pages")
struct FeedLinkReaderTests {
    static let page = URL(string: "https://www.example-show.example/about/")!

    static func links(_ name: String, page: URL = page) throws -> [FeedLink] {
        FeedLinkReader.links(in: try Fixture.bytes("pages/\(name)"), page: page)
    }

    @Test func aPageWithOneFeedLinkGivesItAndNothingFromScriptsOrAnchors() throws {
        #expect(try Self.links("one-feed.html")
                == [FeedLink(url: URL(string: "https://www.example-show.example/feed/podcast/")!, title: "Example Show")])
    }

    @Test func severalFeedLinksComeInPageOrderOnceEachWhateverTheirCase() throws {
        let links = try Self.links("several-feeds.html")
        #expect(links.map(\.url.absoluteString) == ["https://cafe.example/feed/mp3", "https://cafe.example/feed/opus",
                                                    "https://cafe.example/comments/feed/"])
        #expect(links.map(\.title) == ["Café Examples (MP3)", "Café Examples (Opus)", "Comments"],
                "entities decoded (the page's own charset), white space collapsed")
    }

    @Test func relativeLinksResolveAgainstTheBaseElementAndOnlyWebFeedsCount() throws {
        let links = try Self.links("relative-feed.html", page: URL(string: "https://site.example/index.html")!)
        #expect(links.map(\.url.absoluteString) == ["https://site.example/shows/examples/atom.xml", "https://site.example/rss.xml",
                                                    "http://feeds.example.net/aliased"])
    }

    @Test func withoutABaseElementLinksResolveAgainstThePagesAddress() {
        let html = Array(#"<link rel=alternate type=application/rss+xml href="feed.xml">"#.utf8)
        #expect(FeedLinkReader.links(in: html, page: Self.page).map(\.url.absoluteString)
                == ["https://www.example-show.example/about/feed.xml"])
    }

    @Test func aPageWithoutFeedLinksGivesNone() throws {
        #expect(try Self.links("no-feeds.html").isEmpty)
    }

    @Test func documentsThatAreNotHTMLGiveNone() throws {
        #expect(FeedLinkReader.links(in: [], page: Self.page).isEmpty)
        #expect(FeedLinkReader.links(in: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], page: Self.page).isEmpty)
        #expect(FeedLinkReader.links(in: try Fixture.bytes("directories/itunes-search.json"), page: Self.page).isEmpty)
        #expect(FeedLinkReader.links(in: try Fixture.bytes("full-itunes.xml"), page: Self.page).isEmpty)
    }

    @Test func deepNestingAndManyLinksEndQuicklyWithABoundedList() {
        let deep = Array((String(repeating: "<div>", count: 100_000) + #"<link rel="alternate" type="application/rss+xml" href="/deep.xml">"#).utf8)
        #expect(FeedLinkReader.links(in: deep, page: Self.page).count <= 1)
        let many = Array((0..<5_000).map { #"<link rel="alternate" type="application/rss+xml" href="/f\#($0).xml">"# }.joined().utf8)
        #expect(FeedLinkReader.links(in: many, page: Self.page).count == FeedLinkReader.maximumLinks)
    }
}

/// libxml2's HTML parser compares each attribute of a tag with every one before it: a fuzzed page with
/// one tag of 100,000 attributes kept it busy for 18 s. Pages are read up to such a tag.
@Suite("Web pages with hostile tags")
struct HostilePageTests {
    static func tag(attributes count: Int, quoted: Bool) -> String {
        "<link " + (0..<count).map { quoted ? "a\($0)=\"\($0)\"" : "a\($0)" }.joined(separator: " ") + ">"
    }

    @Test(arguments: [true, false])
    func aTagWithHundredsOfThousandsOfAttributesEndsWhatIsReadAndTheLinksBeforeItCount(quoted: Bool) {
        let before = #"<link rel="alternate" type="application/rss+xml" href="/before.xml">"#
        let after = #"<link rel="alternate" type="application/rss+xml" href="/after.xml">"#
        let page = Array((before + Self.tag(attributes: 200_000, quoted: quoted) + after).utf8)
        let started = Date()
        let links = FeedLinkReader.links(in: page, page: URL(string: "https://example.com/")!)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(links.map(\.url.absoluteString) == ["https://example.com/before.xml"])
    }

    @Test(arguments: ["<![CDATA[ ", "<!-- ", "<script>var s = '", "<a title=\"", "<a title=\"<"])
    func aTagHiddenInTextHTMLDoesNotKnowOrInAQuoteIsStillCounted(hiding: String) {
        let page = Array((hiding + Self.tag(attributes: 100_000, quoted: true)
                          + #"<link rel="alternate" type="application/rss+xml" href="/after.xml">"#).utf8)
        let started = Date()
        #expect(FeedLinkReader.links(in: page, page: URL(string: "https://example.com/")!).isEmpty)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func anEndTagWithHundredsOfThousandsOfAttributesEndsWhatIsRead() {
        let before = #"<link rel="alternate" type="application/rss+xml" href="/before.xml">"#
        let page = Array((before + String(repeating: "<x>", count: 1_000) + "</x" + Self.tag(attributes: 100_000, quoted: true).dropFirst(5)
                          + String(repeating: "</x>", count: 1_000)).utf8)
        let started = Date()
        #expect(FeedLinkReader.links(in: page, page: URL(string: "https://example.com/")!).map(\.url.absoluteString)
                == ["https://example.com/before.xml"])
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func quotesInsideUnquotedValuesDoNotHideAttributesFromTheCount() {
        let page = Array(("<p a=b\"c " + (0..<1_000).map { "x\($0)" }.joined(separator: " ") + " d=\"e\">"
                          + #"<link rel="alternate" type="application/rss+xml" href="/after.xml">"#).utf8)
        #expect(FeedLinkReader.links(in: page, page: URL(string: "https://example.com/")!).isEmpty)
    }

    @Test func aTagWithTheLimitsAttributesIsReadWhole() {
        let page = Array((#"<link rel="alternate" type="application/rss+xml" href="/f.xml" "#
                          + (3..<256).map { "a\($0)" }.joined(separator: " ") + ">").utf8)
        #expect(FeedLinkReader.links(in: page, page: URL(string: "https://example.com/")!).count == 1)
    }
}
