/// Text from feeds made harmless to show: the one place Earshot recognises the characters that act
/// instead of showing.
///
/// Titles, chapter names, show notes and a server's HTTP reason phrase are written by strangers, and can
/// carry C0 and C1 control characters and DEL (ESC starts the terminal sequences that set the window title,
/// `ESC ]0;…`, clear the screen, `ESC [2J`, or make hyperlinks, `ESC ]8;;…`; U+009B is the same CSI in one
/// character) and the bidirectional formatting characters that reorder the text after them (the embeddings
/// and overrides U+202A–U+202E, the isolates U+2066–U+2069). The command line shows them as visible escapes
/// (`escaped`), desktop widgets get text without them (`stripped`), and JSON escapes them itself.
public enum SafeText {
    /// Whether `scalar` is a C0 or C1 control character, DEL, or a bidirectional embedding, override or
    /// isolate.
    public static func isActive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every active character written as a visible escape in Swift's notation, `\u{1B}`
    /// (hexadecimal, upper case), for a terminal: what the feed says stays readable and nothing acts.
    /// With `keepingLineBreaks`, "\n" stays a line break (for text Earshot itself laid out in lines).
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isActive) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isActive(scalar), !(keepingLineBreaks && scalar == "\n") {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` for a one-line display (MPRIS metadata in desktop widgets): tabs and line breaks (CR, LF,
    /// VT, FF, NEL) become spaces, and every other active character is removed.
    public static func stripped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isActive) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x85: result.append(" ")
            default: if !isActive(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }
}
