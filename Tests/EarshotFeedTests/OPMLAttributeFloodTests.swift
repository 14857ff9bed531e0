import EarshotFeed
import Foundation
import Testing

/// An OPML outline with a flood of attributes is refused before libxml2 reads it: libxml2 2.9 compares
/// each attribute of a tag with every earlier one, so one tag with 100,000 attributes (1.4 MB, found by
/// `earshot-bench fuzz-parser`) took 5 to 9 seconds, and a 64 MiB file would take hours.
@Suite("OPML: an outline with thousands of attributes is refused quickly")
struct OPMLAttributeFloodTests {
    /// An OPML file whose one outline carries `count` extra attributes, each `a<i>="<value>"`.
    static func document(attributes count: Int, value: String = "1") -> [UInt8] {
        let attributes = (0..<count).map { " a\($0)=\"\(value)\"" }.joined()
        return Array("""
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Flood</title></head><body>
            <outline type="rss" text="Flooded" xmlUrl="https://a.example/feed.xml"\(attributes)/></body></opml>
            """.utf8)
    }

    @Test func anOutlineWithAHundredThousandAttributesIsRefusedWithinASecondNamingItsLine() {
        var error: OPMLError?
        let elapsed = ContinuousClock().measure { error = OPMLFixture.failure(Self.document(attributes: 100_000)) }
        guard case .refused(let line, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(line == 3)
        #expect(reason.contains("more than 256 attributes"))
        #expect(elapsed < .seconds(1))
    }

    @Test func anOutlineWithTwoHundredAttributesWhoseValuesHoldEqualsSignsQuotesAndBracketsIsRead() throws {
        let result = try OPMLDocument.parse(Self.document(attributes: 200, value: "a=b>c='d'=&lt;"))
        #expect(result.feeds.map(\.url.absoluteString) == ["https://a.example/feed.xml"])
    }
}
