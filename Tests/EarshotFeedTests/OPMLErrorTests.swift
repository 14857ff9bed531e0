import EarshotFeed
import Foundation
import Testing

@Suite("OPML: a file that is not OPML or not well-formed is refused in plain words, naming the line")
struct OPMLErrorTests {
    @Test func aTagMismatchNamesTheLineWhereItIs() throws {
        let error = try #require(OPMLFixture.failure(try OPMLFixture.bytes("broken.opml")))
        guard case .notWellFormed(let line, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(line == 12)
        #expect(reason.contains("mismatch"))
        #expect("\(error)".hasPrefix("line 12: the file is not well-formed XML: "))
    }

    @Test func aBareAmpersandIsNotRepairedButNamed() {
        let document = "<opml version=\"2.0\">\n<body>\n<outline text=\"Tom & Jerry\" xmlUrl=\"https://a.example/x\"/>\n</body></opml>"
        let error = OPMLFixture.failure(Array(document.utf8))
        #expect(error?.line == 3)
        #expect("\(error.map { "\($0)" } ?? "")".hasPrefix("line 3: the file is not well-formed XML"))
    }

    @Test func anRSSFeedIsNamedAsAFeedNotAList() throws {
        let error = try #require(OPMLFixture.failure(try OPMLFixture.bytes("feed-not-opml.xml")))
        #expect(error == .notOPML(line: 3, reason: "the file is a podcast feed (<rss>), not an OPML subscription list"))
        #expect("\(error)" == "line 3: the file is a podcast feed (<rss>), not an OPML subscription list")
    }

    @Test func aWebPageIsNamedAsAWebPage() throws {
        let error = try #require(OPMLFixture.failure(try OPMLFixture.bytes("web-page.html")))
        guard case .notOPML(let line, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(line != nil)
        #expect(reason == "the file is a web page (HTML), not an OPML subscription list")
    }

    @Test func wellFormedXMLWithAnotherRootSaysWhatTheRootIs() {
        let error = OPMLFixture.failure(Array("<?xml version=\"1.0\"?>\n<settings><x/></settings>".utf8))
        #expect(error == .notOPML(line: 2, reason: "the file's root element is <settings>, not <opml>: it is not an OPML subscription list"))
    }

    @Test func jsonAndEmptyFilesAreNotOPML() {
        #expect(OPMLFixture.failure(Array("{\"subscriptions\": []}".utf8))?.description
            == "line 1: the file is JSON, not an OPML subscription list")
        #expect(OPMLFixture.failure([]) == .notOPML(line: nil, reason: "the file is empty, not an OPML subscription list"))
        #expect(OPMLFixture.failure([0xEF, 0xBB, 0xBF, 0x0A, 0x20]) == .notOPML(line: nil, reason: "the file is empty, not an OPML subscription list"))
    }

    @Test func anOPMLFileWithoutOutlinesIsAnEmptyList() throws {
        let result = try OPMLDocument.parse(Array("<opml version=\"2.0\"><head/><body/></opml>".utf8))
        #expect(result == OPMLParseResult())
    }
}
