/// The text of a transcript as UTF-8 whatever it came as, and its words with white space collapsed.
///
/// Decoding: a UTF-8 byte order mark is dropped; a UTF-16 one (little or big endian, as Windows tools
/// write SubRip files) has the rest transcoded, an unpaired surrogate becoming U+FFFD; bytes that are
/// valid UTF-8 are taken as they are; anything else is read as Windows-1252 (a superset of Latin-1),
/// which is what subtitle files that are not UTF-8 almost always are. Labels (an HTTP `charset`, an
/// HTML `<meta charset>`) are not consulted: the bytes decide, so a label cannot make text unreadable.
enum TranscriptText {
    /// `bytes` as UTF-8, without a byte order mark.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(validating: bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        return utf8(validating: bytes[...])
    }

    private static func utf8(validating bytes: ArraySlice<UInt8>) -> [UInt8] {
        if String(validating: bytes, as: UTF8.self) != nil { return Array(bytes) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
            } else {
                let mapped = byte < 0xA0 ? windows1252[Int(byte - 0x80)] : 0
                out.append(contentsOf: UTF8.encode(Unicode.Scalar(mapped != 0 ? UInt32(mapped) : UInt32(byte))!)!)
            }
        }
        return out
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let (high, low) = bigEndian ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
            units.append(UInt16(high) << 8 | UInt16(low))
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Windows-1252's characters for 0x80–0x9F (0: undefined there, kept as the C1 code of that value).
    private static let windows1252: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The words of UTF-8 `bytes` as one line: every run of white space, control characters (C0, DEL) and
    /// no-break spaces becomes one space, none at either end.
    static func collapsed(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        var afterC2 = false
        for byte in bytes {
            if afterC2 {
                afterC2 = false
                if byte == 0xA0 {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(0xC2)
            }
            if byte <= 0x20 || byte == 0x7F {
                pendingSpace = !out.isEmpty
            } else if byte == 0xC2 {
                afterC2 = true
            } else {
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(byte)
            }
        }
        if afterC2 {
            if pendingSpace { out.append(0x20) }
            out.append(0xC2)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
