import EarshotFeed
import Foundation
import Testing

/// A tag with a flood of attributes is refused before libxml2 reads it: libxml2 2.9 compares each
/// attribute of a tag with every earlier one, so the fuzzer's 1.4 MB feed whose `<item>` has 100,000
/// attributes took 5 to 9 seconds to parse (xmllint: over 3 minutes), and a 64 MiB one would take hours.
@Suite("A tag with thousands of attributes is refused quickly")
struct AttributeFloodTests {
    /// A feed whose one `<item>` carries `count` attributes, each `a<i>="<value>"`.
    static func feed(attributes count: Int, value: String = "1") -> [UInt8] {
        let attributes = (0..<count).map { " a\($0)=\"\(value)\"" }.joined()
        return Array("""
            <rss version="2.0"><channel><title>Flood</title>
            <item\(attributes)><guid>g</guid><title>Flooded</title><enclosure url="https://a.example/1.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """.utf8)
    }

    @Test func aFeedWhoseItemHasAHundredThousandAttributesIsRefusedWithinASecond() {
        var error: FeedError?
        let elapsed = ContinuousClock().measure { error = Fixture.failure(Self.feed(attributes: 100_000)) }
        #expect(error?.invalidDataReason?.contains("more than 1000 attributes") == true, "\(String(describing: error))")
        #expect(elapsed < .seconds(1))
    }

    @Test func theFloodIsFoundWhenTheFeedArrivesInSmallChunks() {
        let bytes = Self.feed(attributes: 5_000)
        let parser = FeedParser(baseURL: nil)
        bytes.withUnsafeBytes { buffer in
            for start in stride(from: 0, to: buffer.count, by: 7) {
                parser.feed(UnsafeRawBufferPointer(rebasing: buffer[start..<min(buffer.count, start + 7)]))
            }
        }
        guard case .failure(let error) = parser.finish() else { Issue.record("the flood was parsed"); return }
        #expect(error.invalidDataReason?.contains("more than 1000 attributes") == true)
    }

    @Test func aThousandAttributesAndQuotedEqualsSignsAndBracketsStillParse() throws {
        let feed = try FeedParser.parse(Self.feed(attributes: 1_000, value: "a=b>c='d'=&lt;"), baseURL: nil).get()
        #expect(feed.channel.episodes.map(\.title) == ["Flooded"])
    }

    @Test func anOPMLOutlineWithAHundredThousandAttributesIsRefusedWithinASecond() {
        let attributes = (0..<100_000).map { " a\($0)=\"1\"" }.joined()
        let document = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n<outline type=\"rss\" xmlUrl=\"https://a.example/f\"\(attributes)/></body></opml>"
        var error: OPMLError?
        let elapsed = ContinuousClock().measure { error = OPMLFixture.failure(Array(document.utf8)) }
        guard case .refused(let line, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(line == 3)
        #expect(reason.contains("more than 1000 attributes"))
        #expect(elapsed < .seconds(1))
    }
}
