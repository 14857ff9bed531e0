import EarshotFeed
import Foundation
import Testing

@Suite("OPML: hostile files are refused quickly, reading no file and fetching nothing")
struct OPMLHostileTests {
    @Test func billionLaughsIsRefusedBeforeAnyExpansion() {
        var dtd = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "\n<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let document = "<?xml version=\"1.0\"?>\n<!DOCTYPE opml [\(dtd)]>\n<opml><body><outline text=\"&lol9;\" xmlUrl=\"https://a.example/x\"/></body></opml>"
        var error: OPMLError?
        let elapsed = ContinuousClock().measure { error = OPMLFixture.failure(Array(document.utf8)) }
        guard case .refused(let line, let reason)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(line == 2)
        #expect(reason.contains("declares its own entity (lol)"))
        #expect(elapsed < .seconds(1))
    }

    @Test func anExternalEntityIsRefusedAndTheFileIsNeverRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-opml-xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.txt")
        try "TOP-SECRET".write(to: secret, atomically: true, encoding: .utf8)
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
            <opml><body><outline text="&xxe;" xmlUrl="https://a.example/x"/></body></opml>
            """
        let error = try #require(OPMLFixture.failure(Array(document.utf8)))
        #expect("\(error)".contains("declares its own entity (xxe)"))
        #expect("\(error)".contains("TOP-SECRET") == false)
    }

    @Test func anExternalDTDIsNotFetched() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE opml SYSTEM "http://127.0.0.1:9/opml.dtd">
            <opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/x"/></body></opml>
            """
        var result: OPMLParseResult?
        let elapsed = try ContinuousClock().measure { result = try OPMLDocument.parse(Array(document.utf8)) }
        #expect(result?.feeds == [OPMLFixture.feed("https://a.example/x", "A")])
        #expect(elapsed < .seconds(1))
    }

    @Test func tenThousandLevelsOfFoldersAreRefused() {
        let document = "<opml><body>" + String(repeating: "<outline text=\"f\">", count: 10_000)
            + String(repeating: "</outline>", count: 10_000) + "</body></opml>"
        var error: OPMLError?
        let elapsed = ContinuousClock().measure { error = OPMLFixture.failure(Array(document.utf8)) }
        #expect(error?.description.contains("nested more than 256 levels") == true)
        #expect(elapsed < .seconds(1))
    }
}
