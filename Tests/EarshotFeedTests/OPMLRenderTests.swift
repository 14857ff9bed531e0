import EarshotFeed
import Foundation
import Testing

@Suite("OPML: Earshot's export is OPML 2.0 that reads back to the same feeds")
struct OPMLRenderTests {
    static let created = Date(timeIntervalSince1970: 1_795_431_488)  // Mon, 23 Nov 2026 10:58:08 GMT

    static let feeds = [
        OPMLFixture.feed("https://example.com/feed.xml?a=1&b=2", "Tom & Jerry's <Show> \"live\"", html: "https://example.com/?page=1&x=2"),
        OPMLFixture.feed("https://podcast.example.tw/rss", "讀書與科技 🎧"),
        OPMLFixture.feed("http://untitled.example.net/feed.xml"),
        OPMLFixture.feed("https://example.org/multi", "Two\nlines\tand a tab"),
        OPMLFixture.feed("https://example.org/padded", "  spaced  out  "),
    ]

    @Test func renderThenParseYieldsTheSameFeeds() throws {
        let document = OPMLDocument.render(title: "Earshot subscriptions", feeds: Self.feeds, created: Self.created)
        let result = try OPMLDocument.parse(Array(document.utf8))
        // Titles read back trimmed: the one written with spaces around it is the only one that changes.
        var expected = Self.feeds
        expected[4].title = "spaced  out"
        #expect(result.feeds == expected)
        #expect(result.skipped.isEmpty)
    }

    @Test func theDocumentIsOPML2WithOneRSSOutlinePerFeed() {
        let document = OPMLDocument.render(title: "Mine & yours", feeds: Array(Self.feeds.prefix(3)), created: Self.created)
        #expect(document == """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>Mine &amp; yours</title>
                <dateCreated>Mon, 23 Nov 2026 10:58:08 GMT</dateCreated>
              </head>
              <body>
                <outline type="rss" text="Tom &amp; Jerry's &lt;Show&gt; &quot;live&quot;" title="Tom &amp; Jerry's &lt;Show&gt; &quot;live&quot;" \
            xmlUrl="https://example.com/feed.xml?a=1&amp;b=2" htmlUrl="https://example.com/?page=1&amp;x=2"/>
                <outline type="rss" text="讀書與科技 🎧" title="讀書與科技 🎧" xmlUrl="https://podcast.example.tw/rss"/>
                <outline type="rss" text="http://untitled.example.net/feed.xml" xmlUrl="http://untitled.example.net/feed.xml"/>
              </body>
            </opml>

            """)
    }

    @Test func charactersXMLCannotHoldAreDroppedSoTheExportStaysWellFormed() throws {
        let feeds = [OPMLFixture.feed("https://example.com/c", "Bell\u{7} and NUL\u{0}")]
        let document = OPMLDocument.render(title: "x\u{1}", feeds: feeds, created: Self.created)
        let result = try OPMLDocument.parse(Array(document.utf8))
        #expect(result.feeds.map(\.title) == ["Bell and NUL"])
    }

    @Test func controlAndBidiCharactersAreWrittenAsCharacterReferencesAndReadBackExactly() throws {
        let title = "Evil\u{9B}2J \u{202E}x\u{2069} \u{7F}"
        let document = OPMLDocument.render(title: title, feeds: [OPMLFixture.feed("https://example.com/c", title)], created: Self.created)
        #expect(!document.unicodeScalars.contains { SafeText.isActive($0) && $0 != "\n" }, "nothing acts on a terminal: \(document)")
        #expect(document.contains("Evil&#x9B;2J &#x202E;x&#x2069; &#x7F;"))
        #expect(try OPMLDocument.parse(Array(document.utf8)).feeds.map(\.title) == [title])
    }

    @Test func anEmptyLibraryIsAValidEmptyList() throws {
        let document = OPMLDocument.render(title: "Earshot subscriptions", feeds: [], created: Self.created)
        #expect(try OPMLDocument.parse(Array(document.utf8)) == OPMLParseResult())
    }
}
