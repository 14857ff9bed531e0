import Foundation

/// Tells which matches of a broadened search (`SearchQuery.broadened`: `ston*` asked for `stone*`) are
/// matches of the query as typed, from text the index highlighted with `Search`'s marks (U+0001
/// before, U+0002 after each match).
///
/// Like the index, it folds case and accents and takes a word to be a run of letters and digits. A
/// marked word is a match as typed when it starts with the whole prefix (`stones`), is one of the query's
/// other words, or does not start with the shortened prefix at all; `stony` was marked only because the
/// search was broader.
struct TypedPrefixCheck {
    /// The last group's words, folded: a phrase's words, the last of them the prefix as typed.
    private let phrase: [String]
    /// The prefix the broadened query looked for, folded.
    private let shortened: String
    /// The query's words matched whole, folded.
    private let wholeWords: Set<String>

    static let open: Character = "\u{1}", close: Character = "\u{2}"

    init(phrase: [String], shortened: String, wholeWords: [String]) {
        self.phrase = phrase.map(Self.fold)
        self.shortened = Self.fold(shortened)
        self.wholeWords = Set(wholeWords.map(Self.fold))
    }

    /// Whether `highlighted` holds a match of the last group as typed: a marked run of words with the
    /// phrase's words in order, the last starting with the prefix. (FTS5 marks a phrase's match as one run.)
    func matches(_ highlighted: String) -> Bool {
        spans(of: highlighted).contains { span in
            let words = Self.words(in: span).map(Self.fold)
            guard words.count >= phrase.count else { return false }
            return (0...(words.count - phrase.count)).contains { start in
                zip(words[start...], phrase).enumerated().allSatisfy { index, pair in
                    index == phrase.count - 1 ? pair.0.hasPrefix(pair.1) : pair.0 == pair.1
                }
            }
        }
    }

    /// `highlighted` with the marks taken off the words that matched only the broader prefix.
    func unmarkingBroaderMatches(_ highlighted: String) -> String {
        var result = "", span: String?
        for character in highlighted {
            switch character {
            case Self.open: span = ""
            case Self.close:
                result += remarked(span ?? "")
                span = nil
            default:
                if span != nil { span!.append(character) } else { result.append(character) }
            }
        }
        return result + (span.map { String(Self.open) + $0 } ?? "")
    }

    /// A marked run, marked whole when each of its words is a match as typed, else word by word.
    private func remarked(_ span: String) -> String {
        let real = { (word: Substring) in
            let folded = Self.fold(word)
            return folded.hasPrefix(phrase.last!) || wholeWords.contains(folded) || phrase.contains(folded) || !folded.hasPrefix(shortened)
        }
        let words = Self.words(in: Substring(span))
        if words.allSatisfy(real) { return String(Self.open) + span + String(Self.close) }
        var result = "", rest = Substring(span)
        for word in words {
            let start = rest.range(of: word)!
            result += rest[..<start.lowerBound]
            result += real(word) ? String(Self.open) + word + String(Self.close) : String(word)
            rest = rest[start.upperBound...]
        }
        return result + rest
    }

    /// The marked runs of `highlighted`.
    private func spans(of highlighted: String) -> [Substring] {
        highlighted.split(separator: Self.open, omittingEmptySubsequences: false).dropFirst().compactMap { piece in
            piece.firstIndex(of: Self.close).map { piece[..<$0] }
        }
    }

    /// The runs of letters and digits in `text`.
    private static func words(in text: Substring) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }

    private static func fold(_ word: some StringProtocol) -> String {
        String(word).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
