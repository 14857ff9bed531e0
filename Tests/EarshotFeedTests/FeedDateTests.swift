@testable import EarshotFeed
import Foundation
import Testing

@Suite("Release dates: RFC 822, RFC 3339 and the usual broken variants")
struct FeedDateTests {
    /// 2021-03-07 22:00:12 UTC.
    static let instant = Date(timeIntervalSince1970: 1_615_154_412)

    @Test(arguments: [
        "Sun, 07 Mar 2021 22:00:12 +0000",
        "07 Mar 2021 22:00:12 +0000",
        "Sun, 7 Mar 2021 22:00:12 GMT",
        "Sun, 07 Mar 2021 22:00:12 UT",
        "Sun, 07 Mar 2021 22:00:12 Z",
        "Sun, 07 Mar 2021 17:00:12 EST",
        "Sun, 07 Mar 2021 14:00:12 PST",
        "Sun, 07 Mar 2021 23:00:12 +0100",
        "Sun, 07 Mar 2021 23:00:12 +01:00",
        "Sun, 07 Mar 2021 16:30:12 -0530",
        "Sun 07 Mar 2021 22:00:12 +0000",
        "Sunday, 07 March 2021 22:00:12 +0000",
        "sun, 07 mar 2021 22:00:12 gmt",
        "Sun, 07 Mar 21 22:00:12 +0000",
        "Sun, 07 Mar 2021 22:00:12",
        "Sun, 07 Mar 2021 22:00:12+0000",
        "  Sun, 07 Mar 2021 22:00:12 +0000\n",
        "Mar 07 2021 22:00:12 GMT",
        "2021-03-07T22:00:12Z",
        "2021-03-07T23:00:12+01:00",
        "2021-03-07T23:00:12+0100",
        "2021-03-07 22:00:12Z",
        "2021-03-07T22:00:12",
    ])
    func readsTheSameInstant(text: String) {
        #expect(FeedDate.parse(text) == Self.instant, "\(text)")
    }

    @Test func secondsAndFractionsAreOptional() {
        #expect(FeedDate.parse("Sun, 07 Mar 2021 22:00 +0000") == Date(timeIntervalSince1970: 1_615_154_400))
        #expect(FeedDate.parse("2021-03-07T22:00:12.5Z") == Date(timeIntervalSince1970: 1_615_154_412.5))
        #expect(FeedDate.parse("2021-03-07") == Date(timeIntervalSince1970: 1_615_075_200))
        #expect(FeedDate.parse("Mon, 9 Sep 2019 8:05:00 -0400") == Date(timeIntervalSince1970: 1_568_030_700))
        #expect(FeedDate.parse("Wed, 29 Feb 2024 12:00:00 GMT") == Date(timeIntervalSince1970: 1_709_208_000))
    }

    @Test(arguments: ["", "yesterday", "Sun, 32 Mar 2021 22:00:12 +0000", "Sun, 07 Foo 2021 22:00:12 +0000",
                      "Thu, 29 Feb 2021 10:00:00 GMT", "2021-13-07T22:00:12Z", "Sun, 07 Mar 2021 25:00:12 GMT",
                      "12:00", "2021-03-07T22:00:12Z trailing"])
    func unreadableDatesAreNil(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    @Test func releaseDateKeepsTheTextAsWritten() {
        let date = ReleaseDate(text: "Sun, 07 Mar 2021 22:00:12 +0000")
        #expect(date.text == "Sun, 07 Mar 2021 22:00:12 +0000")
        #expect(date.date == Self.instant)
        #expect(ReleaseDate(text: "someday").date == nil)
    }
}

@Suite("itunes:duration")
struct EpisodeDurationTests {
    @Test(arguments: [
        ("1:02:03", 3723.0), ("01:02:03", 3723), ("61:08", 3668), ("05:00", 300), ("3600", 3600),
        ("3600.5", 3600.5), ("1:02:03.25", 3723.25), (" 42 ", 42), ("0", 0), ("00:00:00", 0),
        ("00:04:60", 300), ("1:60:00", 7200), ("4:60", 300),
    ])
    func readsDurationsIncludingAFieldOf60(text: String, seconds: Double) {
        #expect(EpisodeDuration.seconds(text) == seconds, "\(text)")
    }

    @Test(arguments: ["", "abc", "1:2:3:4", "12:61", "1:61:00", "-5", "1..5", "1:", ":30", "45 min", "1.5:00", "１２"])
    func unreadableDurationsAreNilNotZero(text: String) {
        #expect(EpisodeDuration.seconds(text) == nil, "\(text)")
    }
}

@Suite("Plain text from descriptions")
struct PlainTextTests {
    private func text(_ s: String, html: Bool = true) -> String { PlainText.from(s, isHTML: html) }

    @Test func tagsAreRemovedAndBlocksBecomeLineBreaks() {
        #expect(text("<p>One <b>bold</b> word.</p><p>Two</p>") == "One bold word.\n\nTwo")
        #expect(text("line<br>next<br/>last") == "line\nnext\nlast")
        #expect(text("<ul><li>a</li><li>b</li></ul>") == "• a\n\n• b")
        #expect(text("<h2>Title</h2>Body") == "Title\n\nBody")
    }

    @Test func scriptsStylesAndCommentsVanish() {
        #expect(text("a<script type=\"x\">if (a < b) {}</script>b<style>p{}</style>c<!-- hidden -->d") == "abcd")
    }

    @Test func entitiesAreDecoded() {
        #expect(text("Caf&eacute; &amp; &#8220;quotes&#x201D; &hellip; &lt;tag&gt;") == "Café & “quotes” … <tag>")
        #expect(text("AT&T and &unknown; stay") == "AT&T and &unknown; stay")
        #expect(text("a&nbsp;&nbsp;b") == "a b")
    }

    @Test func whiteSpaceCollapsesInHTMLButPlainTextKeepsItsLines() {
        #expect(text("<p>  lots \n\n of   space </p>") == "lots of space")
        #expect(text("first\n\nsecond\r\nthird  word") == "first\n\nsecond\nthird word")
        #expect(text("a < b and c > d") == "a < b and c > d", "a lone < is text, not a tag")
        #expect(text("<b>x</b>", html: false) == "<b>x</b>")
    }

    @Test func quotedAttributesMayContainAngleBrackets() {
        #expect(text("<a title=\"a > b\" href='x'>link</a> after") == "link after")
    }

    @Test func aQuoteInsideATagOutsideAnyValueDoesNotSwallowTheText() {
        // LINUX Unplugged's notes: a tweet with quotes pasted, unescaped, into a title attribute.
        let notes = #"<li><a href="https://t.co/1" title="Craig on Twitter: "@satya has announced GUI apps" rel="nofollow">"#
            + #"Craig on Twitter: "@satya has announced GUI apps</a></li><li>Next link</li>"#
        #expect(text(notes) == "• Craig on Twitter: \"@satya has announced GUI apps\n\n• Next link")
        #expect(text("<p class=x\"y>kept</p>") == "kept")
        #expect(text("<img alt = 'a > b'>after") == "after", "a quote after '=' and spaces opens a value")
    }

    @Test(arguments: [
        #"<a href="x" title="Twitter: "@x said…">link</a> rest of text"#,
        #"<a href=https://x/?q="y>link</a> rest of text"#,
        #"<a ="x>link</a> rest of text"#,
        #"<a title="x"="y>link</a> rest of text"#,
        #"<a title='It's "here'>link</a> rest of text"#,
        #"<a href="x" title="Twitter: "@x said="…">link</a> rest of text"#,
    ])
    func aStrayQuoteInATagIsReadByHTMLsTokenizerRulesAndTheTextAfterTheTagSurvives(notes: String) {
        #expect(text(notes) == "link rest of text")
    }

    @Test func multibyteTextPassesThrough() {
        #expect(text("<p>現代金融理論 — 流動的資金盛宴</p>") == "現代金融理論 — 流動的資金盛宴")
    }
}
