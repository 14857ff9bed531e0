import EarshotFeed
import Foundation
import Testing

@Suite("Broken feeds: repaired where possible, good items kept, clear errors otherwise")
struct BrokenFeedTests {
    @Test func unescapedAmpersandIsRepairedAndEveryItemKept() throws {
        let feed = try Fixture.parse("broken-ampersand.xml")
        #expect(feed.channel.episodes.map(\.id) == ["b1", "b2"])
        #expect(feed.channel.episodes[0].title?.contains("Jerry") == true)
        #expect(feed.warnings.contains { $0.contains("repaired") })
    }

    @Test func missingSpaceBetweenAttributesKeepsTheItemAndTheOthers() throws {
        // libxml2's recovery drops the glued attributes; the item itself and its neighbours survive.
        let feed = try Fixture.parse("broken-attributes.xml")
        #expect(feed.channel.episodes.map(\.id) == ["a1", "a2"])
        #expect(feed.channel.episodes[1].soundURL?.absoluteString == "https://a.example/2.mp3")
        #expect(feed.warnings.contains { $0.contains("repaired") })
    }

    @Test func garbageAfterTheRootIsIgnored() throws {
        let feed = try Fixture.parse("broken-trailing-garbage.xml")
        #expect(feed.channel.episodes.map(\.id) == ["t1", "t2"])
    }

    @Test func itemsWithoutIdentityDuplicatesAndCutOffItemsAreSkippedWithAReason() throws {
        let feed = try Fixture.parse("broken-items.xml")
        #expect(feed.channel.episodes.map(\.id) == ["g1", "https://i.example/e.mp3", "https://i.example/page"])
        #expect(feed.warnings.contains { $0.contains("\"No identity at all\"") && $0.contains("no guid, enclosure or link") })
        #expect(feed.warnings.contains { $0.contains("\"Duplicate\"") && $0.contains("repeats the id g1") })
        #expect(feed.warnings.contains { $0.contains("cut off") })
    }

    @Test func anHTMLPageIsNotAFeed() throws {
        let error = try #require(Fixture.failure(try Fixture.bytes("not-a-feed.html")))
        #expect(error.invalidDataReason == "the document is a web page (HTML), not an RSS or Atom feed")
    }

    @Test func jsonIsNotAFeed() throws {
        let error = try #require(Fixture.failure(try Fixture.bytes("not-a-feed.json")))
        #expect(error.invalidDataReason == "the document is JSON, not an RSS or Atom feed")
    }

    @Test func anEmptyBodyIsNotAFeed() {
        #expect(Fixture.failure([])?.invalidDataReason == "the document is empty")
        #expect(Fixture.failure(Array("  \n ".utf8))?.invalidDataReason == "the document holds only white space")
    }

    @Test func anotherXMLVocabularyIsNotAFeed() {
        let error = Fixture.failure(Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        #expect(error?.invalidDataReason == "the document's root element is <svg>, not <rss> or an Atom <feed>")
    }

    @Test func unreadableXMLBeforeAnyRootReportsLibxml2sReasonAndPosition() throws {
        let error = try #require(Fixture.failure(Array("<?xml version=\"1.0\"?>\n<<<".utf8)))
        guard case .invalidData(let reason, let line, _) = error else {
            Issue.record("expected invalidData, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(line == 2)
    }
}
