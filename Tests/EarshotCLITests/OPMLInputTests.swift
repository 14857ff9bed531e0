import Foundation
import Testing
@testable import earshot

@Suite("The OPML boundary of earshot import")
struct OPMLInputTests {
    /// Reads `text` written to a temporary file, in pieces of `OPMLInput.pieceSize`.
    func read(_ text: String) throws -> OPMLInput {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-opml-\(UUID().uuidString).opml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try OPMLInput.read(fileAt: path, named: "subs.opml")
    }

    @Test func everyOutlinesFeedURLIsReadInDocumentOrder() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="Tech"><outline type="rss" text="A &amp; B" xmlUrl="https://a.example/feed?x=1&amp;y=2"/></outline>
              <outline type='rss' text='Second' xmlUrl='http://b.example/rss'/>
              <outline text="Not a feed" xmlUrl="mailto:someone@example.com"/>
            </body></opml>
            """
        let input = try read(opml)
        #expect(input.feeds.map(\.absoluteString) == ["https://a.example/feed?x=1&y=2", "http://b.example/rss"])
        #expect(input.skipped.count == 1)
        #expect(input.skipped.first?.hasPrefix("line 5: ") == true, "\(input.skipped)")
    }

    @Test func aFileThatIsNotOPMLIsRefusedNamingWhatItIs() {
        let text = failureText { _ = try read("{\"json\": true}") }
        #expect(text?.hasPrefix("subs.opml: ") == true, "\(text ?? "")")
        #expect(text?.contains("not an OPML") == true || text?.contains("JSON") == true, "\(text ?? "")")
    }
}
