import EarshotFeed
import Testing

@Suite("Feed text made harmless to show")
struct SafeTextTests {
    @Test func terminalEscapeSequencesAreShownAsVisibleEscapes() {
        #expect(SafeText.escaped("Intro \u{1B}]0;pwned\u{7}") == #"Intro \u{1B}]0;pwned\u{7}"#)
        #expect(SafeText.escaped("\u{1B}[2J") == #"\u{1B}[2J"#)
        #expect(SafeText.escaped("\u{1B}]8;;http://x\u{1B}\\a\u{1B}]8;;\u{1B}\\") == #"\u{1B}]8;;http://x\u{1B}\a\u{1B}]8;;\u{1B}\"#)
    }

    @Test func c1ControlsDELAndBidiOverridesAndIsolatesAreEscaped() {
        #expect(SafeText.escaped("a\u{9B}31m\u{7F}\u{85}b") == #"a\u{9B}31m\u{7F}\u{85}b"#)
        #expect(SafeText.escaped("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}") == #"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}"#)
        #expect(SafeText.escaped("\u{2066}\u{2067}\u{2068}\u{2069}") == #"\u{2066}\u{2067}\u{2068}\u{2069}"#)
    }

    @Test func lineBreaksAreEscapedUnlessTheyAreKept() {
        #expect(SafeText.escaped("one\ntwo\tthree\r") == #"one\u{A}two\u{9}three\u{D}"#)
        #expect(SafeText.escaped("one\ntwo\u{1B}", keepingLineBreaks: true) == "one\ntwo\\u{1B}")
    }

    @Test func ordinaryTextIsLeftAsItIs() {
        for text in ["Café — 日本語 🎧", "שלום עולם", "e\u{301}", "\u{200F}RLM and ZWJ \u{200D}", ""] {
            #expect(SafeText.escaped(text) == text)
            #expect(SafeText.stripped(text) == text)
        }
    }

    @Test func strippedTextHasNoActiveCharactersAndSpacesForLineBreaks() {
        #expect(SafeText.stripped("Intro \u{1B}]0;pwned\u{7}") == "Intro ]0;pwned")
        #expect(SafeText.stripped("Tricky \u{9B}31m \u{2066}x\u{2069}\u{202E}") == "Tricky 31m x")
        #expect(SafeText.stripped("First line\nsecond\tthird\r\n\u{85}end") == "First line second third   end")
        #expect(SafeText.stripped("\u{0}\u{7F}\u{9F}").isEmpty)
    }

    @Test func everyControlAndBidiFormattingCharacterIsActiveAndNothingElse() {
        let active = (0...0x2100).compactMap(Unicode.Scalar.init).filter(SafeText.isActive).map(\.value)
        #expect(active == Array(0...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069))
    }
}
