/// Reads itunes:duration (and Podlove chapter starts): `HH:MM:SS`, `MM:SS` (minutes may exceed 59, as in
/// `61:08`), plain seconds, and any of those with fractional seconds. A minutes or seconds field of 60
/// (`00:04:60`, written by feeds that round 59.7 up) counts as a full minute or hour. Anything else,
/// and a time beyond `EpisodeTime.latest`, is unknown (nil), never zero.
enum EpisodeDuration {
    /// Seconds, or nil when `text` is not a duration.
    static func seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var fields: [Double] = []
            fields.reserveCapacity(3)
            var i = 0
            while i < bytes.count, bytes[i] <= 0x20 { i += 1 }
            var end = bytes.count
            while end > i, bytes[end - 1] <= 0x20 { end -= 1 }
            guard i < end else { return nil }
            var whole = 0.0, fraction = 0.0, scale = 1.0, digits = 0, inFraction = false
            while i <= end {
                let c: UInt8 = i < end ? bytes[i] : UInt8(ascii: ":")
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let d = Double(c - UInt8(ascii: "0"))
                    if inFraction {
                        scale /= 10
                        fraction += d * scale
                    } else {
                        whole = whole * 10 + d
                    }
                    digits += 1
                case UInt8(ascii: ".") where !inFraction && i < end:
                    inFraction = true
                case UInt8(ascii: ":"):
                    // A fraction is allowed in the last field only; every field needs digits.
                    guard digits > 0, !inFraction || i == end, fields.count < 3 else { return nil }
                    fields.append(whole + fraction)
                    (whole, fraction, scale, digits, inFraction) = (0, 0, 1, 0, false)
                default:
                    return nil
                }
                i += 1
            }
            // Minutes and seconds after the first field must be at most 60.
            guard fields.dropFirst().allSatisfy({ $0 <= 60 }) else { return nil }
            return EpisodeTime.checked(fields.reduce(0) { $0 * 60 + $1 })
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks (the white space XML
    /// knows).
    func trimmingWhitespace() -> Substring {
        let s = Substring(self)
        let utf8 = s.utf8
        // Most values have nothing to trim: two bytes tell.
        if let head = utf8.first, head > 0x20, let tail = utf8.last, tail > 0x20 { return s }
        guard let first = utf8.firstIndex(where: { $0 > 0x20 }), let last = utf8.lastIndex(where: { $0 > 0x20 }) else {
            return s[s.endIndex...]
        }
        // Bounds in UTF-8 (both fall between scalars: next to ASCII white space or at an end): a closed
        // range would find the end by walking a Character, which meant grapheme breaking for every value.
        return s[first..<utf8.index(after: last)]
    }
}
