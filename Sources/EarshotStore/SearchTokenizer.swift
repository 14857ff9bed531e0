import GRDB
import GRDBSQLite

/// The search index's tokenizer (`tokenize='earshot'`, schema v10): FTS5's `unicode61 remove_diacritics 2`
/// (case and accents folded, words split at spaces and punctuation) for every script written with
/// spaces, and **overlapping character bigrams** for the runs of scripts written without them
/// (`SearchScripts.isBigram`: Han, Hiragana, Katakana, Hangul, Thai), so that a word inside such a run
/// is found: `流動的資金盛宴` is indexed as `流動 動的 的資 資金 金盛 盛宴`, and `資金` is the phrase of
/// its one bigram; `東京都` asked for is the phrase `東京 京都`, which matches exactly where the text holds
/// those three characters in a row.
///
/// The last character of a run is also indexed on its own, at the position of the run's last bigram
/// (`FTS5_TOKEN_COLOCATED`), so a one-character query, asked for as a prefix (`SearchQuery`), finds a
/// character wherever it is in a run: as the start of a bigram, or as the run's end. A query's run of
/// one character is that character; longer runs are their bigrams only.
///
/// Thai is cut into bigrams too, not into words: no Thai word list ships with Debian's SQLite, and ICU's
/// dictionary changes between its versions, which would make the words of a query differ from those
/// indexed under an older ICU after an upgrade. Bigrams find every word a listener types (and, like
/// any substring search, also the same letters inside longer words).
///
/// Every token carries the byte offsets of its own characters in the text given, so `snippet()` and
/// `highlight()` mark the original text (a bigram match overlapping the next marks the run as one).
final class SearchTokenizer: FTS5CustomTokenizer {
    static let name = "earshot"

    /// Splits the runs of other scripts.
    private let words: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        words = try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "2"]))
    }

    func tokenize(context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
                  tokenCallback: @escaping FTS5TokenCallback) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        let text = UnsafeBufferPointer(start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        // Every character of the bigram scripts takes three or four bytes in UTF-8.
        guard text.contains(where: { $0 >= 0xE0 }) else {
            return words.tokenize(context: context, tokenization: tokenization, pText: pText, nText: nText, tokenCallback: tokenCallback)
        }
        var emitter = Emitter(text: text, context: context, callback: tokenCallback, query: tokenization.contains(.query))
        return emitter.run(words: words, tokenization: tokenization, pText: pText)
    }

    /// One text cut into runs: bigram runs emitted here, the rest given to `unicode61` with their offsets moved.
    private struct Emitter {
        let text: UnsafeBufferPointer<UInt8>
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let query: Bool

        mutating func run(words: any FTS5Tokenizer, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>) -> CInt {
            var index = 0, otherStart = 0
            var run: [Int] = []  // the starts of the bigram run's characters so far
            while index < text.count {
                let (scalar, length) = Self.decode(text, at: index)
                if SearchScripts.isBigram(scalar) {
                    if run.isEmpty, otherStart < index {
                        let code = other(otherStart..<index, words: words, tokenization: tokenization, pText: pText)
                        guard code == SQLITE_OK else { return code }
                    }
                    run.append(index)
                } else if !run.isEmpty {
                    let code = bigrams(run, end: index)
                    guard code == SQLITE_OK else { return code }
                    run = []
                    otherStart = index
                }
                index += length
            }
            if !run.isEmpty { return bigrams(run, end: text.count) }
            guard otherStart < text.count else { return SQLITE_OK }
            return other(otherStart..<text.count, words: words, tokenization: tokenization, pText: pText)
        }

        /// The run's bigrams (its one character, for a run of one), then its last character colocated
        /// with the last bigram (not for a query).
        private func bigrams(_ starts: [Int], end: Int) -> CInt {
            guard starts.count > 1 else { return emit(starts[0], end, flags: 0) }
            for index in 0..<(starts.count - 1) {
                let code = emit(starts[index], index + 2 < starts.count ? starts[index + 2] : end, flags: 0)
                guard code == SQLITE_OK else { return code }
            }
            return query ? SQLITE_OK : emit(starts[starts.count - 1], end, flags: FTS5_TOKEN_COLOCATED)
        }

        private func emit(_ start: Int, _ end: Int, flags: CInt) -> CInt {
            UnsafeRawPointer(text.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: end - start) { token in
                callback(context, flags, token, CInt(end - start), CInt(start), CInt(end))
            }
        }

        /// The words of `range` by `unicode61`, their offsets moved to the whole text's.
        private func other(_ range: Range<Int>, words: any FTS5Tokenizer, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>) -> CInt {
            var shifted = Shifted(context: context, callback: callback, offset: CInt(range.lowerBound))
            return withUnsafeMutablePointer(to: &shifted) { pointer in
                words.tokenize(context: UnsafeMutableRawPointer(pointer), tokenization: tokenization, pText: pText + range.lowerBound,
                               nText: CInt(range.count), tokenCallback: Shifted.callback)
            }
        }

        /// The scalar at `index` and its length in bytes (a malformed byte is U+FFFD, one byte long).
        static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
            let lead = text[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard length > 2 else { return (Unicode.Scalar(lead < 0x80 ? lead : 0xFF), lead < 0x80 ? 1 : min(2, text.count - index)) }
            guard index + length <= text.count else { return ("\u{FFFD}", 1) }
            var value = UInt32(lead) & (length == 3 ? 0x0F : 0x07)
            for offset in 1..<length {
                let byte = text[index + offset]
                guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
    }

    /// The caller's callback and context, with the offset of a piece of the text given to `unicode61`.
    private struct Shifted {
        let context: UnsafeMutableRawPointer?
        let callback: FTS5TokenCallback
        let offset: CInt

        static let callback: FTS5TokenCallback = { pointer, flags, token, length, start, end in
            let shifted = pointer!.assumingMemoryBound(to: Shifted.self).pointee
            return shifted.callback(shifted.context, flags, token, length, start + shifted.offset, end + shifted.offset)
        }
    }
}

/// Which characters the index cuts into bigrams rather than words: those of scripts written without
/// spaces between words.
public enum SearchScripts {
    /// Han (with 々 〆 〇), Hiragana, Katakana (with the half-width forms), Hangul, and Thai.
    public static func isBigram(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0E7F: true  // Thai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: true  // Hangul
        case 0x3005...0x3007, 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true  // marks, kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true  // Han
        default: false
        }
    }

    /// Whether `scalar` is a character of Chinese, Japanese or Korean: one of them says enough to search for.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        isBigram(scalar) && !(0x0E00...0x0E7F).contains(scalar.value)
    }
}
