import CEarshotTerminal
import EarshotFeed
import Foundation

/// Text laid out in terminal columns: what a character takes (the C library's `wcwidth`, which follows
/// Unicode's East Asian widths: CJK two columns, combining marks none) and text cut to a width with an
/// ellipsis at a character boundary. Text from feeds goes through `clean` first, so that control and
/// bidi characters show as the command line shows them (`SafeText.escaped`) and never act.
public enum Columns {
    /// `wcwidth` answers for the locale's character set: make sure it is a UTF-8 one.
    private static let utf8Locale: Void = {
        if String(cString: setlocale(LC_CTYPE, nil)).uppercased().contains("UTF") { return }
        if setlocale(LC_CTYPE, "") == nil || !String(cString: setlocale(LC_CTYPE, nil)).uppercased().contains("UTF") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }()

    /// Text from outside, on one line: active characters (controls, bidi overrides) as visible escapes.
    public static func clean(_ text: String) -> String { SafeText.escaped(text) }

    /// The columns `character` takes: its first scalar's width (non-printing ones none); a character
    /// shown as an emoji two.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        _ = utf8Locale
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return max(0, Int(earshot_wcwidth(first.value)))
    }

    /// The columns `text` takes.
    public static func width(of text: String) -> Int {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `limit` columns, ending in "…" when it was cut (the cut falls between
    /// characters, so a wide character is never split).
    public static func cut(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard width(of: text) > limit else { return text }
        var result = "", used = 0
        for character in text {
            let next = width(of: character)
            if used + next > limit - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` cut to `limit` columns and padded with spaces to exactly `limit`.
    public static func fit(_ text: String, to limit: Int) -> String {
        let cut = cut(text, to: limit)
        let missing = limit - width(of: cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    /// `text` right-aligned in `limit` columns.
    public static func fitRight(_ text: String, to limit: Int) -> String {
        let cut = cut(text, to: limit)
        let missing = limit - width(of: cut)
        return missing > 0 ? String(repeating: " ", count: missing) + cut : cut
    }

    /// `text` broken into lines of at most `limit` columns, at spaces where it can (a word longer than a
    /// line is cut between characters).
    public static func wrap(_ text: String, to limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        var lines: [String] = [], line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let wide = width(of: word)
            if used > 0, used + 1 + wide <= limit {
                line += " " + word
                used += 1 + wide
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            var rest = word[...]
            while width(of: String(rest)) > limit {
                var piece = "", pieceWidth = 0
                while let next = rest.first, pieceWidth + width(of: next) <= limit {
                    piece.append(next); pieceWidth += width(of: next); rest = rest.dropFirst()
                }
                if piece.isEmpty { piece.append(rest.removeFirst()) }
                lines.append(piece)
            }
            line = String(rest); used = width(of: line)
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
