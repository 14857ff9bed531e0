import EarshotFeed
import Foundation
import Testing

@Suite("Hostile XML is refused quickly, with bounded memory, reading no file")
struct HostileFeedTests {
    @Test func billionLaughsIsRefused() throws {
        var dtd = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let document = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(dtd)]><rss><channel><title>&lol9;</title></channel></rss>"
        let clock = ContinuousClock()
        var error: FeedError?
        let elapsed = clock.measure { error = Fixture.failure(Array(document.utf8)) }
        #expect(error?.invalidDataReason?.contains("declares its own entity") == true)
        #expect(elapsed < .seconds(1))
    }

    @Test func externalEntityIsRefusedAndTheFileIsNeverRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.txt")
        try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate]
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
            <rss><channel><title>&xxe;</title><item><guid>x</guid><title>&xxe;</title></item></channel></rss>
            """
        let error = try #require(Fixture.failure(Array(document.utf8)))
        #expect(error.invalidDataReason?.contains("declares its own entity (xxe)") == true)
        #expect("\(error)".contains("TOP-SECRET") == false)
        let after = try FileManager.default.attributesOfItem(atPath: secret.path)[.modificationDate]
        #expect((before as? Date) == (after as? Date))
    }

    @Test func externalDTDIsNotLoaded() throws {
        // A DOCTYPE naming a remote DTD (as old RSS 0.91 feeds do) is parsed without fetching it.
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://127.0.0.1:9/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Old</title><item><guid>o1</guid><title>Caf&eacute;</title></item></channel></rss>
            """
        let clock = ContinuousClock()
        var result: Result<ParsedFeed, FeedError>?
        let elapsed = clock.measure { result = FeedParser.parse(Array(document.utf8), baseURL: nil) }
        let feed = try #require(try result?.get())
        #expect(feed.channel.episodes.map(\.id) == ["o1"])
        #expect(elapsed < .seconds(1))
    }

    @Test func tenThousandLevelsOfNestingAreRefused() throws {
        let document = "<rss><channel>" + String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
            + "</channel></rss>"
        let clock = ContinuousClock()
        var error: FeedError?
        let elapsed = clock.measure { error = Fixture.failure(Array(document.utf8)) }
        #expect(error?.invalidDataReason?.contains("nested more than 256 levels") == true)
        #expect(elapsed < .seconds(1))
    }

    @Test func anElementWithTwentyThousandAttributesIsRefusedBeforeLibxml2ChecksThem() throws {
        // libxml2 compares every attribute with every earlier one: 100,000 attributes take seconds, and a
        // 64 MiB feed of such elements hours.
        let attributes = (0..<20_000).map { " a\($0)=\"\($0)\"" }.joined()
        let document = "<rss><channel><item\(attributes)><guid>x</guid></item></channel></rss>"
        let error = Fixture.failure(Array(document.utf8))
        #expect(error?.invalidDataReason?.contains("more than 256 attributes") == true)
    }

    @Test func attributesAreCountedWhenTheTagArrivesInPieces() throws {
        let attributes = (0..<300).map { " a\($0)='\($0)'" }.joined()
        let document = Array("<rss><channel><item\(attributes)><guid>x</guid></item></channel></rss>".utf8)
        let parser = FeedParser(baseURL: nil)
        for offset in stride(from: 0, to: document.count, by: 3) {
            document[offset..<min(offset + 3, document.count)].withUnsafeBytes { parser.feed($0) }
        }
        guard case .failure(let error) = parser.finish() else {
            Issue.record("300 attributes were accepted")
            return
        }
        #expect(error.invalidDataReason?.contains("more than 256 attributes") == true)
    }

    @Test func equalsSignsInTextCommentsCDATAAndValuesAreNotAttributes() throws {
        let many = String(repeating: "x = y ", count: 300)
        let document = """
            <rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <!-- <a \(many) -->
            <item a="1" b='2' c="\(many)"><guid>g</guid><title>a &lt; b: \(many)</title>
            <description><![CDATA[<p \(many)]]></description></item></channel></rss>
            """
        let feed = try FeedParser.parse(Array(document.utf8), baseURL: nil).get()
        #expect(feed.channel.episodes.map(\.id) == ["g"])
    }
}
