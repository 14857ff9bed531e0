/// How much of a web page libxml2's HTML parser may read: everything before the first start tag with
/// more than `limit` attributes.
///
/// libxml2 2.9 checks each attribute of a start tag against every one before it, so one tag with
/// 100,000 attributes (1.4 MB) keeps its HTML parser busy for 18 s, and a 2 MiB page of bare attribute
/// names for hours (found by fuzzing). No page needs hundreds of attributes on one tag; the feed links
/// before such a tag are still read. The scan follows HTML's tokenizer as far as start tags need:
/// attribute names end at white space, `/`, `>` or `=`; values are quoted, or unquoted up to white
/// space or `>` (a quote inside one is a character); comments, end tags and declarations are skipped.
enum HTMLAttributeGuard {
    /// More attributes than this on one tag end what is read.
    static let limit = 256

    /// The length of the prefix of `html` that holds no start tag with more than `limit` attributes.
    static func readableLength(of html: [UInt8]) -> Int {
        html.withUnsafeBufferPointer { readableLength(of: $0) }
    }

    private static func readableLength(of s: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while let lt = next(UInt8(ascii: "<"), in: s, from: i) {
            let tag = lt
            i = lt + 1
            guard i < s.count else { break }
            if s[i] == UInt8(ascii: "!"), i + 2 < s.count, s[i + 1] == UInt8(ascii: "-"), s[i + 2] == UInt8(ascii: "-") {
                i = endOfComment(in: s, from: i + 3)
            } else if !isLetter(s[i]) {
                i = (next(UInt8(ascii: ">"), in: s, from: i) ?? s.count) + 1
            } else if !attributesFit(in: s, from: &i) {
                return tag
            }
        }
        return s.count
    }

    /// Reads a start tag's name and attributes up to its `>`; false once it has more than `limit`.
    private static func attributesFit(in s: UnsafeBufferPointer<UInt8>, from i: inout Int) -> Bool {
        while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: "/"), s[i] != UInt8(ascii: ">") { i += 1 }
        var attributes = 0
        while i < s.count {
            let c = s[i]
            if isSpace(c) || c == UInt8(ascii: "/") {
                i += 1
            } else if c == UInt8(ascii: ">") {
                i += 1
                return true
            } else {
                attributes += 1
                if attributes > limit { return false }
                i += 1
                while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: "/"), s[i] != UInt8(ascii: ">"), s[i] != UInt8(ascii: "=") { i += 1 }
                while i < s.count, isSpace(s[i]) { i += 1 }
                guard i < s.count, s[i] == UInt8(ascii: "=") else { continue }
                i += 1
                while i < s.count, isSpace(s[i]) { i += 1 }
                if i < s.count, s[i] == UInt8(ascii: "\"") || s[i] == UInt8(ascii: "'") {
                    i = (next(s[i], in: s, from: i + 1) ?? s.count) + 1
                } else {
                    while i < s.count, !isSpace(s[i]), s[i] != UInt8(ascii: ">") { i += 1 }
                }
            }
        }
        return true
    }

    private static func endOfComment(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while let dash = next(UInt8(ascii: "-"), in: s, from: i) {
            if dash + 2 < s.count, s[dash + 1] == UInt8(ascii: "-"), s[dash + 2] == UInt8(ascii: ">") { return dash + 3 }
            i = dash + 1
        }
        return s.count
    }

    private static func next(_ byte: UInt8, in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < s.count else { return nil }
        return s[start...].firstIndex(of: byte)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- UInt8(ascii: "a") < 26 }
}
