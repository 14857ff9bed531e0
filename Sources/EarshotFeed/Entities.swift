/// HTML character references: numeric (`&#8217;`, `&#x2019;`) and the named ones that feed descriptions
/// actually use.
enum Entities {
    /// The character referenced at `start` (which holds `&`) and how many bytes the reference spans,
    /// or nil when there is no well-formed reference there (the `&` is then literal text).
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var i = start + 1
        guard i < s.count else { return nil }
        if s[i] == UInt8(ascii: "#") {
            i += 1
            var radix: UInt32 = 10
            if i < s.count, s[i] | 0x20 == UInt8(ascii: "x") {
                radix = 16
                i += 1
            }
            var value: UInt32 = 0
            let digitsStart = i
            while i < s.count, i - digitsStart < 8, let d = digit(s[i], radix: radix) {
                value = value * radix + d
                i += 1
            }
            guard i > digitsStart else { return nil }
            if i < s.count, s[i] == UInt8(ascii: ";") { i += 1 }
            let scalar = Unicode.Scalar(value == 0 ? 0xFFFD : value) ?? "\u{FFFD}"
            return (scalar, i - start)
        }
        let nameStart = i
        while i < s.count, i - nameStart < 10, PlainText.isLetter(s[i]) || (s[i] >= 0x30 && s[i] <= 0x39) { i += 1 }
        guard i > nameStart, i < s.count, s[i] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: s[nameStart..<i]), as: UTF8.self)
        guard let scalar = named[name] else { return nil }
        return (scalar, i + 1 - start)
    }

    /// `text` with every character reference decoded. libxml2 leaves `&#38;` (its spelling of `&amp;`) and
    /// other references in attribute values when entity substitution is off, as it is here for safety.
    static func decodeReferences(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "&"), let (scalar, consumed) = decode(bytes, at: i) {
                out.append(contentsOf: UTF8.encode(scalar)!)
                i += consumed
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func digit(_ c: UInt8, radix: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x61...0x66 where radix == 16: return UInt32(c - 0x61 + 10)
        case 0x41...0x46 where radix == 16: return UInt32(c - 0x41 + 10)
        default: return nil
        }
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "sbquo": "‚", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›",
        "bull": "•", "middot": "·", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "frac12": "½", "frac14": "¼", "frac34": "¾", "para": "¶", "sect": "§",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "iexcl": "¡", "iquest": "¿", "shy": "\u{AD}",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ",
        "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í",
        "icirc": "î", "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
        "ouml": "ö", "oslash": "ø", "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý",
        "yuml": "ÿ", "szlig": "ß", "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Auml": "Ä", "Aring": "Å",
        "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Ouml": "Ö", "Uuml": "Ü", "Ntilde": "Ñ",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]
}
