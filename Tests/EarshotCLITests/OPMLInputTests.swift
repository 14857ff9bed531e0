import Foundation
import Testing
@testable import earshot

@Suite("The OPML boundary of earshot import")
struct OPMLInputTests {
    @Test func everyOutlinesFeedURLIsReadInDocumentOrder() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="Tech"><outline type="rss" text="A &amp; B" xmlUrl="https://a.example/feed?x=1&amp;y=2"/></outline>
              <outline type='rss' text='Second' xmlUrl='http://b.example/rss'/>
              <outline text="Not a feed" xmlUrl="mailto:someone@example.com"/>
            </body></opml>
            """
        let input = try OPMLInput.read(Array(opml.utf8))
        #expect(input.feeds.map(\.absoluteString) == ["https://a.example/feed?x=1&y=2", "http://b.example/rss"])
        #expect(input.skipped.count == 1)
        #expect(input.skipped.first?.hasPrefix("line 5: ") == true, "\(input.skipped)")
    }

    @Test func aFileThatIsNotOPMLIsRefusedNamingWhatItIs() {
        let text = failureText { _ = try OPMLInput.read(Array("{\"json\": true}".utf8)) }
        #expect(text?.contains("not an OPML") == true || text?.contains("JSON") == true, "\(text ?? "")")
    }
}
