import EarshotFeed
import Foundation
import Testing

@Suite("OPML: the files other podcast apps export are read whole")
struct OPMLExportShapesTests {
    @Test func gPodderExportTakesTitleFromTitleNotFromTheDescriptionInText() throws {
        let result = try OPMLFixture.parse("gpodder.opml")
        #expect(result.feeds == [
            OPMLFixture.feed("https://linuxoutlaws.example.com/feed/mp3", "Linux Outlaws"),
            OPMLFixture.feed("http://cafe.example.de/podcast.xml?format=mp3&quality=high", "Café Klatsch – Gespräche"),
            OPMLFixture.feed("https://podcast.example.tw/rss", "讀書與科技"),
            OPMLFixture.feed("https://untitled.example.net/feed.xml"),
        ])
        #expect(result.skipped.isEmpty)
    }

    @Test func antennaPodExportKeepsWebPagesAndUnescapesTitles() throws {
        let result = try OPMLFixture.parse("antennapod.opml")
        #expect(result.feeds == [
            OPMLFixture.feed("https://feeds.example.org/sciencefriday", "Science Friday", html: "https://www.example.org/sciencefriday/"),
            OPMLFixture.feed("https://example.com/quoted.rss", "The \"Quoted\" <Show>", html: "https://example.com/quoted"),
            OPMLFixture.feed("https://radio.example.net/podcast/feed.xml", "Local Radio"),
        ])
        #expect(result.skipped.isEmpty)
    }

    @Test func pocketCastsExportIsReadThroughItsFeedsFolder() throws {
        let result = try OPMLFixture.parse("pocketcasts.opml")
        #expect(result.feeds == [
            OPMLFixture.feed("https://feeds.example.com/dancarlin/history", "Hardcore History"),
            OPMLFixture.feed("https://feeds.example.com/replyall", "Reply & All"),
            OPMLFixture.feed("https://feeds.example.com/99percentinvisible", "99% Invisible"),
        ])
        #expect(result.skipped.isEmpty)
    }

    @Test func feedsInNestedFoldersAreFoundInDocumentOrderAndCommentedFoldersSkipped() throws {
        let result = try OPMLFixture.parse("folders.opml")
        #expect(result.feeds.map(\.url.absoluteString) == [
            "https://news.example.com/morning.xml", "https://news.example.com/europe.xml", "https://tech.example.com/late.xml",
        ])
        #expect(result.feeds.map(\.title) == ["Morning", "Europe", "Late"])
        #expect(result.skipped == [OPMLSkippedEntry(line: 12, label: "https://gone.example.com/feed.xml", reason: .commentedOut)])
    }

    @Test(arguments: ["utf8-bom.opml", "utf16le-bom.opml", "utf16be-declared.opml"])
    func byteOrderMarksAndUTF16AreDecoded(_ name: String) throws {
        let result = try OPMLFixture.parse(name)
        #expect(result.feeds == [
            OPMLFixture.feed("https://enc.example.com/cafe.xml", "Café Señor"),
            OPMLFixture.feed("https://enc.example.com/cjk.xml", "流動的資金盛宴"),
        ])
    }

    @Test func declaredLatin1IsDecoded() throws {
        let result = try OPMLFixture.parse("latin1-declared.opml")
        #expect(result.feeds.map(\.title) == ["Café Señor", "Ça va"])
    }
}
