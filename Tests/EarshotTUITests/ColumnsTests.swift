import EarshotTUI
import Testing

@Suite("Text in terminal columns")
struct ColumnsTests {
    @Test func chineseAndJapaneseTakeTwoColumnsACharacterAndCombiningMarksNone() {
        #expect(Columns.width(of: "咖啡时间") == 8)
        #expect(Columns.width(of: "日本語のエピソード") == 18)
        #expect(Columns.width(of: "e\u{301}te\u{301}") == 3)
        #expect(Columns.width(of: "🎧 show") == 7)
        #expect(Columns.width(of: "plain") == 5)
    }

    @Test func cuttingEndsWithAnEllipsisBetweenCharactersAndNeverSplitsAWideOne() {
        #expect(Columns.cut("咖啡时间", to: 6) == "咖啡…")
        #expect(Columns.cut("咖啡时间", to: 5) == "咖啡…")
        #expect(Columns.width(of: Columns.cut("咖啡时间", to: 4)) <= 4)
        #expect(Columns.cut("short", to: 10) == "short")
        #expect(Columns.cut("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(Columns.cut("anything", to: 0) == "")
    }

    @Test func fittingPadsToTheExactWidth() {
        #expect(Columns.fit("日本", to: 7) == "日本   ")
        #expect(Columns.width(of: Columns.fit("日本語のエピソード", to: 7)) == 7)
        #expect(Columns.fitRight("3", to: 3) == "  3")
    }

    @Test func controlAndBidiCharactersFromFeedsShowAsVisibleEscapesAndNeverAct() {
        let cleaned = Columns.clean("Evil \u{1B}[2J \u{202E}txet\u{202C}\u{9B}31m")
        #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
        #expect(cleaned == "Evil \\u{1B}[2J \\u{202E}txet\\u{202C}\\u{9B}31m")
    }

    @Test func wrappingBreaksAtSpacesAndCutsWordsLongerThanALine() {
        #expect(Columns.wrap("one two three", to: 7) == ["one two", "three"])
        #expect(Columns.wrap("咖啡时间咖啡", to: 4) == ["咖啡", "时间", "咖啡"])
    }
}
