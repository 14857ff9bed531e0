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
}
