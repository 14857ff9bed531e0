/// How much of a web page libxml2's HTML parser may read: everything before the first start tag with
/// more than `limit` attributes.
///
/// libxml2 2.9 checks each attribute of a start tag against every one before it, so one tag with
/// 100,000 attributes (1.4 MB) keeps its HTML parser busy for 18 s, and a 2 MiB page of bare attribute
/// names for hours (found by fuzzing, also inside a `<![CDATA[` that HTML does not know). No page needs
/// hundreds of attributes on one tag; the feed links before such a tag are still read.
///
/// The scan errs towards counting: every `<` or `</` followed by a letter starts a tag, wherever it
/// stands (in a script, a comment, a bogus CDATA section), so nothing libxml2 may take for a tag is
/// skipped; end tags count too (a fuzzed `</x a0="0" … a99999="99999">` was as slow as a start tag).
/// Attribute names end at white space, `/`, `>`, `<` or `=`; a value is quoted, or unquoted up to white
/// space, `>` or `<`; a quoted value that meets `<` or `>` before its quote ends the tag there (the
/// bytes after it are scanned for tags again), and one that never ends stops the reading at its tag.
enum HTMLAttributeGuard {
    /// More attributes than this on one tag end what is read.
    static let limit = 256

    /// The length of the prefix of `html` that holds no start tag with more than `limit` attributes.
    static func readableLength(of html: [UInt8]) -> Int {
        html.withUnsafeBufferPointer { readableLength(of: $0) }
    }

    private static func readableLength(of s: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while i < s.count, let lt = s[i...].firstIndex(of: UInt8(ascii: "<")) {
            let name = lt + 1 < s.count && s[lt + 1] == slash ? lt + 2 : lt + 1
            guard name < s.count, isLetter(s[name]) else {
                i = lt + 1
                continue
            }
            guard let end = endOfTag(in: s, from: name) else { return lt }
            i = end
        }
        return s.count
    }

    /// Where the tag whose name begins at `start` ends (just after its `>`, or at a `<` that cuts
    /// it short); nil when it has more than `limit` attributes or a quoted value runs to the end.
    private static func endOfTag(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        skip(in: s, &i) { !isSpace($0) && $0 != slash && $0 != gt && $0 != lt }
        var attributes = 0
        while i < s.count {
            let c = s[i]
            if isSpace(c) || c == slash {
                i += 1
                continue
            }
            if c == gt { return i + 1 }
            if c == lt { return i }
            attributes += 1
            if attributes > limit { return nil }
            skip(in: s, &i) { !isSpace($0) && $0 != slash && $0 != gt && $0 != lt && $0 != equals }
            skip(in: s, &i, while: isSpace)
            guard i < s.count, s[i] == equals else { continue }
            i += 1
            skip(in: s, &i, while: isSpace)
            guard i < s.count else { break }
            let quote = s[i]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                i += 1
                skip(in: s, &i) { $0 != quote && $0 != gt && $0 != lt }
                guard i < s.count else { return nil }
                if s[i] == quote { i += 1 }
            } else {
                skip(in: s, &i) { !isSpace($0) && $0 != gt && $0 != lt }
            }
        }
        return i
    }

    private static func skip(in s: UnsafeBufferPointer<UInt8>, _ i: inout Int, while condition: (UInt8) -> Bool) {
        while i < s.count, condition(s[i]) { i += 1 }
    }

    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), equals = UInt8(ascii: "=")
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- UInt8(ascii: "a") < 26 }
}
