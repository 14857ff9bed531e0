import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

/// Words inside Chinese, Japanese, Korean and Thai text (issue 37, point 6): the tokenizer's bigrams,
/// the queries made for them, and `find` over a real store.
@Suite("Store: finding words in scripts written without spaces")
struct SearchScriptsTests {
    private static let feed = URL(string: "https://cjk.example/feed.xml")!

    /// A store whose one podcast has episodes with these titles and notes, in order.
    private struct Library {
        let directory: TemporaryDirectory
        let store: Store
        let episodes: [EpisodeID]

        init(_ episodes: [(title: String, notes: String)]) throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.file("earshot.sqlite"))
            let list = episodes.enumerated().map { index, episode in Episode(id: "\(index)", title: episode.title, rawDescription: episode.notes) }
            let saved = try store.storeFeed(Channel(title: "Show", episodes: list), url: SearchScriptsTests.feed, validators: FeedValidators())
            self.episodes = try store.outline(id: saved.podcast)?.episodes.map(\.key) ?? []
        }

        func find(_ text: String) throws -> [SearchHit] {
            try store.find(SearchQuery(text), limit: 20, marks: SnippetMarks(open: "[", close: "]"))
        }

        func found(_ text: String) throws -> Set<Int> {
            Set(try find(text).compactMap { hit in hit.episode.flatMap { episodes.firstIndex(of: $0) } })
        }

        /// The tokens the index makes of `text` (`document`) or a query makes of it, with their flags.
        func tokens(_ text: String, query: Bool = false) throws -> [String] {
            try store.pool.read { db in
                let tokenizer = try db.makeTokenizer(SearchTokenizer.tokenizerDescriptor())
                return try (query ? tokenizer.tokenize(query: text) : tokenizer.tokenize(document: text)).map { token, flags in
                    flags.contains(.colocated) ? "+" + token : token
                }
            }
        }
    }

    @Test func chineseIsIndexedAsOverlappingBigramsWithItsLastCharacterBesideTheLastBigram() throws {
        let library = try Library([])
        #expect(try library.tokens("流動的資金盛宴") == ["流動", "動的", "的資", "資金", "金盛", "盛宴", "+宴"])
        #expect(try library.tokens("東京都", query: true) == ["東京", "京都"], "a query is its bigrams only")
        #expect(try library.tokens("年", query: true) == ["年"])
    }

    @Test func latinTextIsTokenizedAsUnicode61FoldsIt() throws {
        let library = try Library([])
        let text = "Café MÜLLER's naïve 2024 rock-n-roll"
        let plain = try library.store.pool.read { db in
            try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "2"])).tokenize(document: text).map(\.token)
        }
        #expect(try library.tokens(text) == plain)
        #expect(try library.tokens("iPhone東京2024年") == ["iphone", "東京", "+京", "2024", "年"], "runs cut where the script changes")
    }

    @Test func wordsInsideChineseTextAreFoundAndMarkedInTheOriginalText() throws {
        let library = try Library([("流動的資金盛宴", "Notes"), ("Other", "資本主義の話")])
        #expect(try library.found("資金") == [0])
        #expect(try library.found("盛宴") == [0])
        #expect(try library.found("流動的") == [0])
        #expect(try library.found("流動的資金盛宴") == [0])
        #expect(try library.found("資") == [0, 1], "one character is found wherever it is")
        #expect(try library.found("宴") == [0], "also as the last of a run")
        #expect(try library.found("資盛").isEmpty, "the characters must be next to each other")
        #expect(try library.find("資金").first?.snippet == "流動的[資金]盛宴")
        #expect(try library.find("資金盛").first?.snippet == "流動的[資金盛]宴", "a phrase of overlapping bigrams is one mark")
    }

    @Test func japaneseMixingKanaAndKanjiIsFoundByAnyPartOfIt() throws {
        let library = try Library([("Episode", "今日は東京について話します"), ("カタカナのポッドキャスト", "Notes")])
        #expect(try library.found("東京") == [0])
        #expect(try library.found("について") == [0])
        #expect(try library.found("東京に") == [0], "kanji and kana in one word")
        #expect(try library.found("ポッドキャスト") == [1])
        #expect(try library.found("大阪").isEmpty)
        #expect(try library.find("東京").first?.snippet == "今日は[東京]について話します")
    }

    @Test func thaiAndKoreanAreFoundInsideTheirRuns() throws {
        let library = try Library([("สวัสดีชาวโลก", "Notes"), ("서울에서 만나요", "Notes")])
        #expect(try library.found("ชาวโลก") == [0])
        #expect(try library.found("สวัสดี") == [0])
        #expect(try library.found("서울") == [1])
        #expect(try library.found("만나") == [1])
    }

    @Test func mixedScriptsAreFoundAcrossTheirBoundaries() throws {
        let library = try Library([("iPhone東京2024年モデル", "Notes"), ("東京 news", "Notes")])
        #expect(try library.found("iphone東京") == [0])
        #expect(try library.found("2024年") == [0], "a lone character after a number")
        #expect(try library.found("東京 news") == [1])
        #expect(try library.found("東京") == [0, 1])
    }

    @Test func latinSearchKeepsItsBehaviour() throws {
        let library = try Library([("Café Society", "Stonehenge at dawn"), ("Evening", "With Müller at the CAFÉ")])
        #expect(try library.found("cafe") == [0, 1])
        #expect(try library.found("ston") == [0], "a prefix being typed")
        #expect(try library.find("muller").first?.snippet == "With [Müller] at the CAFÉ")
    }
}
