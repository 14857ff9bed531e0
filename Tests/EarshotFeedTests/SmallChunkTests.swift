import EarshotFeed
import Foundation
import Testing

/// A feed that arrives in small pieces parses as fast as one that arrives whole. libxml2 2.9's push
/// parser, once it has recovered from an error (a bare `&`), rescans the pending text for every piece it
/// is given: the fuzzer's 5 MB feed took 32 s in 512-byte pieces and 0.3 s whole (a server writing
/// small packets chooses the pieces).
@Suite("A feed arriving in small chunks is parsed in linear time")
struct SmallChunkTests {
    @Test func aBrokenFeedWithALongTextFedIn512ByteChunksParsesWithinASecond() throws {
        let text = String(repeating: "é", count: 1_500_000)
        let document = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Broken & Co</title>
            <item><guid>g</guid><title>Long</title><description>\(text)</description></item></channel></rss>
            """.utf8)
        let parser = FeedParser(baseURL: nil)
        var feed: ParsedFeed?
        let elapsed = ContinuousClock().measure {
            document.withUnsafeBytes { buffer in
                for start in stride(from: 0, to: buffer.count, by: 512) {
                    parser.feed(UnsafeRawBufferPointer(rebasing: buffer[start..<min(buffer.count, start + 512)]))
                }
            }
            feed = try? parser.finish().get()
        }
        #expect(feed?.channel.title?.hasPrefix("Broken") == true)
        #expect(feed?.channel.episodes.first?.description.utf8.count == text.utf8.count)
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }
}
