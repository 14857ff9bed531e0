/// How many terminal columns text takes: most characters one, East Asian wide characters and emoji
/// two, combining marks none (they belong to the character before).
extension String {
    var displayWidth: Int {
        // Printable ASCII, most titles, is one column a byte; anything else is measured character by
        // character (a long listing spent most of its time here).
        if utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return utf8.count }
        return reduce(0) { $0 + $1.displayWidth }
    }

    /// The text cut to at most `width` columns, ending in "…" (after no space) when it was cut.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var result = "", used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        while result.last?.isWhitespace == true { result.removeLast() }
        return result + "…"
    }

    /// The text followed by spaces up to `width` columns.
    func padded(toWidth width: Int) -> String {
        let missing = width - displayWidth
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }

    /// Spaces up to `width` columns, then the text.
    func leftPadded(toWidth width: Int) -> String {
        let missing = width - displayWidth
        return missing > 0 ? String(repeating: " ", count: missing) + self : self
    }
}

extension Character {
    /// The columns this character takes on a terminal, as wcwidth counts them: none for a control, a
    /// zero-width format character or a mark standing alone; two for an East Asian wide or fullwidth
    /// character and for emoji (also text symbols asked for as emoji with U+FE0F); else one. Marks that
    /// combine with the character before belong to it (one `Character`), so they add nothing.
    var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        switch scalar.properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark: return 0
        case .format where scalar.value != 0xAD: return 0
        default: break
        }
        if unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        return Self.isWide(scalar.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth: Hangul Jamo leading consonants, CJK radicals, punctuation, kana and
    /// ideographs, Yi, Hangul syllables, compatibility ideographs, vertical and fullwidth forms, kana
    /// supplements, and the ideographs of planes 2 and 3.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1AFF0...0x1B2FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
