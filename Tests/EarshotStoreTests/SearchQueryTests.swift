@testable import EarshotStore
import Testing

@Suite("Search: what a listener types, as an FTS5 expression")
struct SearchQueryTests {
    private func expression(_ text: String) throws -> String { try SearchQuery(text).expression }

    @Test func wordsAreAndedAndTheLastOneIsAPrefixWhileItIsTyped() throws {
        #expect(try expression("jazz cafe") == "\"jazz\" \"cafe\"*")
        #expect(try expression("jaz") == "\"jaz\"*")
    }

    @Test func aLastWordOfFewerThanThreeCharactersMatchesWhole() throws {
        #expect(try expression("jazz ca") == "\"jazz\" \"ca\"")
        #expect(try expression("東京") == "\"東京\"")
    }

    @Test func aWordBeingTypedOfMoreThanThreeLettersCanBeMatchedWhole() throws {
        #expect(try SearchQuery("jazz cafe").typedWordWhole()?.expression == "\"jazz\" \"cafe\"")
        #expect(try SearchQuery("jazz caf").typedWordWhole() == nil, "three letters: the index's own prefix")
        #expect(try SearchQuery("jazz cafe ").typedWordWhole() == nil, "a finished word is whole already")
        #expect(try SearchQuery("\"night trai").typedWordWhole() == nil, "the end of a phrase stays a prefix")
    }

    @Test func chineseJapaneseKoreanAndThaiWordsArePhrasesAndALoneCharacterIsAPrefix() throws {
        #expect(try expression("東京都") == "\"東京都\"", "never a prefix being typed: the index holds bigrams")
        #expect(try expression("東") == "\"東\"*", "one character matches the bigrams it starts")
        #expect(try expression("2024年") == "\"2024\" + \"年\"*")
        #expect(try expression("東京 news") == "\"東京\" \"news\"*")
        #expect(try expression("東京news") == "\"東京 news\"*")
        #expect(try expression("สวัสดี") == "\"สวัสดี\"")
    }

    @Test func aSpaceAfterTheLastWordEndsIt() throws {
        #expect(try expression("jazz cafe ") == "\"jazz\" \"cafe\"")
    }

    @Test func quotedPhrasesStayPhrasesAndAnOpenOneIsAPrefixPhrase() throws {
        #expect(try expression("\"night train\" jazz") == "\"night train\" \"jazz\"*")
        #expect(try expression("jazz \"night train\"") == "\"jazz\" \"night train\"")
        #expect(try expression("jazz \"night tra") == "\"jazz\" \"night tra\"*")
        #expect(try expression("“night train”") == "\"night train\"")
    }

    @Test func operatorsAndPunctuationInTheInputAreWordsOrSeparatorsNeverSyntax() throws {
        #expect(try expression("cats OR dogs NOT NEAR") == "\"cats\" \"OR\" \"dogs\" \"NOT\" \"NEAR\"*")
        #expect(try expression("title:foo* -bar (baz) ^qux +xyz") == "\"title\" \"foo\" \"bar\" \"baz\" \"qux\" \"xyz\"*")
        #expect(try expression("a\"\"bcd") == "\"a\" \"bcd\"*")
        #expect(try expression("rock'n'roll") == "\"rock\" \"n\" \"roll\"*")
    }

    @Test func accentsCaseAndOtherScriptsAreKeptForTheIndexToFold() throws {
        #expect(try expression("Ça Café") == "\"Ça\" \"Café\"*")
        #expect(try expression("東京 ") == "\"東京\"")
    }

    @Test func anEmptyOrPunctuationOnlyQueryIsANamedError() {
        for text in ["", "   ", "\"\"", "*:-()^", "\" \""] {
            #expect(throws: SearchQueryError.noWords) { try SearchQuery(text) }
        }
    }

    @Test func aVeryLongQueryKeepsItsFirstWords() throws {
        let query = try SearchQuery(String(repeating: "word ", count: 1_000))
        #expect(query.expression.components(separatedBy: "\"word\"").count - 1 == SearchQuery.maximumWords)
    }
}
