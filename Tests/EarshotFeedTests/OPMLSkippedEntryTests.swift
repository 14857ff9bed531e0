import EarshotFeed
import Foundation
import Testing

@Suite("OPML: outlines that are not feeds Earshot can subscribe to are skipped, each with its line and reason")
struct OPMLSkippedEntryTests {
    let result: OPMLParseResult

    init() throws { result = try OPMLFixture.parse("quirks.opml") }

    @Test func attributeNamesOfAnyCaseAndPaddedOrAliasedAddressesAreFeeds() {
        #expect(result.feeds == [
            OPMLFixture.feed("https://quirks.example.com/lower.xml", "Lower case attribute"),
            OPMLFixture.feed("https://quirks.example.com/upper.xml", "Upper case attribute", html: "https://quirks.example.com/"),
            OPMLFixture.feed("https://quirks.example.com/padded.xml", "Padded"),
            OPMLFixture.feed("https://quirks.example.com/no-title.xml"),
            OPMLFixture.feed("https://quirks.example.com/address-as-title.xml"),
            OPMLFixture.feed("http://quirks.example.com/alias.xml", "Alias"),
            OPMLFixture.feed("https://quirks.example.com/linked.xml", "Link with a feed address"),
        ])
    }

    @Test func duplicatesAreKeptOnceTheFirstWinsAndHostCaseDoesNotMatter() {
        let duplicates = result.skipped.filter { if case .duplicate = $0.reason { true } else { false } }
        #expect(duplicates == [
            OPMLSkippedEntry(line: 12, label: "https://quirks.example.com/lower.xml", reason: .duplicate(firstLine: 5)),
            OPMLSkippedEntry(line: 13, label: "https://QUIRKS.example.com/upper.xml", reason: .duplicate(firstLine: 6)),
        ])
    }

    @Test func linksRelativeAndNonHTTPAddressesAreSkippedWithTheirReasons() {
        let others = result.skipped.filter { if case .duplicate = $0.reason { false } else { true } }
        #expect(others == [
            OPMLSkippedEntry(line: 14, label: "https://quirks.example.com/about.html", reason: .link),
            OPMLSkippedEntry(line: 15, label: "https://quirks.example.com/more.opml", reason: .link),
            OPMLSkippedEntry(line: 16, label: "/feeds/relative.xml", reason: .relativeAddress),
            OPMLSkippedEntry(line: 17, label: "ftp://quirks.example.com/feed.xml", reason: .unsupportedScheme("ftp")),
            OPMLSkippedEntry(line: 18, label: "file:///home/me/feed.xml", reason: .unsupportedScheme("file")),
            OPMLSkippedEntry(line: 19, label: "No address", reason: .missingAddress),
            OPMLSkippedEntry(line: 20, label: "Empty address", reason: .missingAddress),
        ])
    }

    @Test func anOutlineWithoutATypeIsAFeedWhenItHasAnAddressAndPassedOverWhenNot() throws {
        let document = """
            <opml version="1.0"><body>
            <outline text="Typeless" xmlUrl="https://a.example/typeless.xml"/>
            <outline text="Folder without feeds"><outline text="A note"/></outline>
            </body></opml>
            """
        let result = try OPMLDocument.parse(Array(document.utf8))
        #expect(result == OPMLParseResult(feeds: [OPMLFixture.feed("https://a.example/typeless.xml", "Typeless")]))
    }

    @Test func aSkippedEntryReadsAsOnePlainLine() {
        let entry = OPMLSkippedEntry(line: 17, label: "ftp://quirks.example.com/feed.xml", reason: .unsupportedScheme("ftp"))
        #expect("\(entry)" == "line 17: ftp://quirks.example.com/feed.xml: the feed address is not http or https (ftp)")
        let duplicate = OPMLSkippedEntry(line: 12, label: "https://a.example/x", reason: .duplicate(firstLine: 5))
        #expect("\(duplicate)" == "line 12: https://a.example/x: the same feed as line 5")
    }
}
