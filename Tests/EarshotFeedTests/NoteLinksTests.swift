import EarshotFeed
import Testing

@Suite("The links of show notes")
struct NoteLinksTests {
    @Test func everyWebLinkOfTheHTMLThenEveryAddressInTheTextOnceInOrder() {
        let html = """
            <p>See <a href="https://example.org/a?x=1&amp;y=2">this</a> and <A HREF='http://example.org/b'>that</A>,
            <a href=https://example.org/c>bare</a>, <a href="mailto:me@example.org">mail</a>,
            <a href="javascript:alert(1)">no</a>, again <a href="https://example.org/a?x=1&amp;y=2">this</a>.</p>
            """
        let links = NoteLinks.of(raw: html, isHTML: true, text: "More at https://example.org/d. (https://example.org/e)")
        #expect(links == ["https://example.org/a?x=1&y=2", "http://example.org/b", "https://example.org/c",
                          "https://example.org/d", "https://example.org/e"])
    }

    @Test func plainTextNotesGiveTheAddressesWrittenInThemAndActiveCharactersAreRefused() {
        #expect(NoteLinks.of(raw: "x", isHTML: false, text: "Go to http://example.org/\u{1B}[2J now or https://ok.example/") == ["https://ok.example/"])
        #expect(NoteLinks.of(raw: nil, isHTML: true, text: "") == [])
    }

    @Test func aFloodOfLinksIsCutAtTheLimit() {
        let text = (0..<500).map { "https://example.org/\($0)" }.joined(separator: " ")
        #expect(NoteLinks.of(raw: nil, isHTML: false, text: text).count == NoteLinks.limit)
    }
}
