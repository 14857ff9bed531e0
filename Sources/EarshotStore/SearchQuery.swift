import EarshotLocale

/// What a listener typed into a search, as an FTS5 MATCH expression that always parses and never
/// carries an operator the listener did not mean.
///
/// - Words are runs of letters and digits; everything else (punctuation, `*`, `-`, `^`, `:`, `(`…)
///   separates them. Each word becomes a quoted FTS5 string, so `AND`, `OR`, `NOT` and `NEAR` are words
///   like any other. Words are ANDed.
/// - Text between double quotes (`"…"`, also `“…”` and `„…“`) is one phrase; a quote left open runs
///   to the end.
/// - The last word (or the last word of the phrase still open) matches as a prefix (`word*`) while it is
///   being typed: when the text ends in a letter or digit, not after a space or a quote, and the word
///   has at least `shortestPrefix` characters (a shorter one matches whole: `a*` would be most of the
///   library, and the index keeps prefixes of 3 and 4 characters).
/// - Case and accents do not matter: the index folds both, and so do the words given to it.
/// - Chinese, Japanese, Korean and Thai are found inside longer runs of text (`SearchTokenizer`): a
///   word of two or more of their characters is the phrase of its bigrams; one character alone matches
///   as a prefix wherever it is. A word ending in them is never a prefix being typed.
/// - At most `maximumWords` words are kept (the rest are dropped).
public struct SearchQuery: Sendable, Equatable, CustomStringConvertible {
    /// The FTS5 MATCH expression, e.g. `"cafe" "jazz night" "pod"*`.
    public let expression: String
    /// The words, ANDed: one group per word, or the words of a quoted phrase.
    let groups: [[String]]
    /// Whether the last word matches as a prefix (it is being typed).
    let typing: Bool

    /// The words kept from a long query.
    public static let maximumWords = 32

    /// The shortest last word matched as a prefix.
    public static let shortestPrefix = 3
    /// The longest prefix the index keeps as one list of its own.
    static let longestIndexedPrefix = 4

    /// The query for `text`.
    /// - Throws: `SearchQueryError.noWords` when the text holds no letter or digit.
    public init(_ text: String) throws(SearchQueryError) {
        var groups: [[String]] = []
        var phrase: [String]? = nil
        var word = ""
        var count = 0
        func endWord() {
            guard !word.isEmpty else { return }
            if count < Self.maximumWords {
                if phrase != nil { phrase!.append(word) } else { groups.append([word]) }
                count += 1
            }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if Self.quotes.contains(character) {
                endWord()
                if let words = phrase {
                    if !words.isEmpty { groups.append(words) }
                    phrase = nil
                } else {
                    phrase = []
                }
            } else {
                endWord()
            }
        }
        endWord()
        if let words = phrase, !words.isEmpty { groups.append(words) }
        guard !groups.isEmpty else { throw .noWords }
        let last = groups.last?.last ?? ""
        let typing = (text.last.map { $0.isLetter || $0.isNumber } ?? false) && last.count >= Self.shortestPrefix
            && !(last.unicodeScalars.last.map(SearchScripts.isBigram) ?? false)
        self.init(groups: groups, typing: typing)
    }

    private init(groups: [[String]], typing: Bool) {
        self.groups = groups
        self.typing = typing
        expression = groups.enumerated().map { index, words in
            Self.phrase(words, prefix: typing && index == groups.count - 1)
        }.joined(separator: " ")
    }

    /// `words` as one FTS5 phrase: quoted, with a lone character of the bigram scripts (`SearchTokenizer`)
    /// a part of its own matched as a prefix (`"2024" + "年"*`: the index holds it only as the start of
    /// a bigram, or at the end of a run), and the last part a prefix when `prefix`.
    private static func phrase(_ words: [String], prefix: Bool) -> String {
        var parts: [(text: String, prefix: Bool)] = [], plain: [String] = []
        func endPlain() {
            if !plain.isEmpty { parts.append((plain.joined(separator: " "), false)) }
            plain = []
        }
        for word in words {
            for piece in pieces(of: word) {
                if piece.unicodeScalars.count == 1, SearchScripts.isBigram(piece.unicodeScalars.first!) {
                    endPlain()
                    parts.append((piece, true))
                } else {
                    plain.append(piece)
                }
            }
        }
        endPlain()
        if prefix { parts[parts.count - 1].prefix = true }
        return parts.map { "\"" + $0.text + "\"" + ($0.prefix ? "*" : "") }.joined(separator: " + ")
    }

    /// `word` cut where it goes into or out of a run of the bigram scripts (`東京news`: `東京`, `news`).
    private static func pieces(of word: String) -> [String] {
        var pieces: [String] = [], piece = String.UnicodeScalarView(), inRun: Bool?
        for scalar in word.unicodeScalars {
            let bigram = SearchScripts.isBigram(scalar)
            if let inRun, inRun != bigram {
                pieces.append(String(piece))
                piece = String.UnicodeScalarView()
            }
            inRun = bigram
            piece.append(scalar)
        }
        if !piece.isEmpty { pieces.append(String(piece)) }
        return pieces
    }

    /// This query with the prefix being typed cut to `longestIndexedPrefix` characters, which the index
    /// keeps as one list (`ston*` for `stone*`: FTS5 3.40 merges the lists of every word a longer prefix starts),
    /// and the check that tells its matches that are also this query's; nil when the query has no
    /// longer prefix. The broader query matches everything this one does.
    func broadened() -> (query: SearchQuery, check: TypedPrefixCheck)? {
        guard typing, let last = groups.last, let prefix = last.last, prefix.count > Self.longestIndexedPrefix else { return nil }
        var shorter = groups
        shorter[shorter.count - 1][last.count - 1] = String(prefix.prefix(Self.longestIndexedPrefix))
        return (SearchQuery(groups: shorter, typing: true),
                TypedPrefixCheck(phrase: last, shortened: shorter[shorter.count - 1].last!, wholeWords: groups.dropLast().flatMap { $0 } + last.dropLast()))
    }

    /// This query with the word being typed matched whole (`"went"` for `"went"*`), when it is a word of
    /// its own (not the end of a phrase) longer than `shortestPrefix`; nil otherwise. It matches a
    /// subset of this query's matches.
    func typedWordWhole() -> SearchQuery? {
        guard typing, let last = groups.last, last.count == 1, last[0].count > Self.shortestPrefix else { return nil }
        return SearchQuery(groups: groups, typing: false)
    }

    /// The expression.
    public var description: String { expression }

    private static let quotes: Set<Character> = ["\"", "“", "”", "„"]
}

/// Why a search cannot be made from what was typed.
public enum SearchQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text holds no word to look for (it is empty, or only spaces and punctuation).
    case noWords

    /// One sentence for the listener.
    public var description: String {
        switch self {
        case .noWords: tr("there is nothing to look for: type at least one word")
        }
    }
}
