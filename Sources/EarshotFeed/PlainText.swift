/// Turns a feed's description (HTML, or plain text with entities) into plain text a desktop widget can
/// show: tags removed, block elements and `<br>` become line breaks, `<script>`/`<style>` dropped,
/// entities decoded, white space collapsed. Plain-text input keeps its own line breaks.
///
/// One pass over the UTF-8 bytes; descriptions are most of a feed's bytes.
enum PlainText {
    /// Plain text of `bytes`, which hold HTML when `isHTML` (tags are then looked for).
    static func from(_ bytes: [UInt8], isHTML: Bool = true) -> String {
        bytes.withUnsafeBufferPointer { input in
            var out = Output(capacity: input.count)
            if isHTML && containsTag(input) {
                convertHTML(input, into: &out)
            } else {
                convertText(input, into: &out)
            }
            return out.finish()
        }
    }

    /// Whether `<` is followed by something that starts a tag, a comment or a declaration.
    private static func containsTag(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while let lt = nextIndex(of: UInt8(ascii: "<"), in: s, from: i) {
            if lt + 1 < s.count, startsTag(s[lt + 1]) { return true }
            i = lt + 1
        }
        return false
    }

    private static func startsTag(_ c: UInt8) -> Bool {
        isLetter(c) || c == UInt8(ascii: "/") || c == UInt8(ascii: "!") || c == UInt8(ascii: "?")
    }

    private static func nextIndex(of byte: UInt8, in s: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i < s.count {
            if s[i] == byte { return i }
            i += 1
        }
        return nil
    }

    // MARK: Plain text

    private static func convertText(_ s: UnsafeBufferPointer<UInt8>, into out: inout Output) {
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == UInt8(ascii: "&"), let (scalar, consumed) = Entities.decode(s, at: i) {
                out.append(scalar: scalar)
                i += consumed
                continue
            }
            if c == UInt8(ascii: "\r") {
                out.lineBreak(hard: true)
                if i + 1 < s.count, s[i + 1] == UInt8(ascii: "\n") { i += 1 }
            } else if c == UInt8(ascii: "\n") {
                out.lineBreak(hard: true)
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                out.space()
            } else {
                out.append(c)
            }
            i += 1
        }
    }

    // MARK: HTML

    private static func convertHTML(_ s: UnsafeBufferPointer<UInt8>, into out: inout Output) {
        var i = 0
        while i < s.count {
            let c = s[i]
            switch c {
            case UInt8(ascii: "<") where i + 1 < s.count && startsTag(s[i + 1]):
                i = skipTag(s, at: i, into: &out)
            case UInt8(ascii: "&"):
                if let (scalar, consumed) = Entities.decode(s, at: i) {
                    out.append(scalar: scalar)
                    i += consumed
                } else {
                    out.append(c)
                    i += 1
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                out.space()
                i += 1
            default:
                out.append(c)
                i += 1
            }
        }
    }

    /// Consumes the tag, comment or declaration at `start`; returns the index after it.
    private static func skipTag(_ s: UnsafeBufferPointer<UInt8>, at start: Int, into out: inout Output) -> Int {
        if matches(s, at: start, "<!--") {
            return (find(s, "-->", from: start + 4).map { $0 + 3 }) ?? s.count
        }
        var i = start + 1
        let closing = s[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < s.count, isLetter(s[i]) || (s[i] >= 0x30 && s[i] <= 0x39) { i += 1 }
        let name = TagName(s, nameStart..<i)
        // Skip attributes, honouring quotes (a quoted value may contain '>').
        var quote: UInt8 = 0
        while i < s.count {
            let c = s[i]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                break
            }
            i += 1
        }
        let end = min(i + 1, s.count)
        if !closing && (name.is("script") || name.is("style")) {
            return skipRawText(s, from: end, until: name)
        }
        if name.is("br") {
            out.lineBreak(hard: true)
        } else if name.isBlock {
            out.lineBreak(hard: false)
        } else if name.is("li") && !closing {
            out.lineBreak(hard: false)
            out.appendBullet()
        }
        return end
    }

    private static func skipRawText(_ s: UnsafeBufferPointer<UInt8>, from: Int, until name: TagName) -> Int {
        var i = from
        while let lt = find(s, "</", from: i) {
            let candidate = TagName(s, (lt + 2)..<min(lt + 2 + name.range.count, s.count))
            if candidate.is(name.lowercased) {
                return (nextIndex(of: UInt8(ascii: ">"), in: s, from: lt).map { $0 + 1 }) ?? s.count
            }
            i = lt + 2
        }
        return s.count
    }

    private static func matches(_ s: UnsafeBufferPointer<UInt8>, at i: Int, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= s.count else { return false }
        let p = literal.utf8Start
        for k in 0..<n where s[i + k] != p[k] { return false }
        return true
    }

    private static func find(_ s: UnsafeBufferPointer<UInt8>, _ literal: StaticString, from: Int) -> Int? {
        var i = from
        let first = literal.utf8Start[0]
        while let candidate = nextIndex(of: first, in: s, from: i) {
            if matches(s, at: candidate, literal) { return candidate }
            i = candidate + 1
        }
        return nil
    }

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
}

/// A tag's name, compared without regard to case.
private struct TagName {
    let bytes: UnsafeBufferPointer<UInt8>
    let range: Range<Int>

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    var lowercased: String { String(decoding: range.map { bytes[$0] | 0x20 }, as: UTF8.self) }

    func `is`(_ name: String) -> Bool {
        guard name.utf8.count == range.count else { return false }
        return zip(name.utf8, range).allSatisfy { $0 == (bytes[$1] | 0x20) || $0 == bytes[$1] }
    }

    private static let blocks: Set<String> = [
        "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "tr",
        "section", "article", "header", "footer", "hr", "dl", "dt", "dd", "figure", "figcaption",
    ]

    var isBlock: Bool { range.count <= 10 && Self.blocks.contains(lowercased) }
}

/// The plain text being written: collapses runs of spaces, keeps at most one blank line, trims.
private struct Output {
    private(set) var bytes: [UInt8]
    private(set) var pendingSpace = false
    private var pendingBreaks = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ c: UInt8) {
        flushPending()
        bytes.append(c)
    }

    mutating func appendBullet() {
        flushPending()
        bytes.append(contentsOf: [0xE2, 0x80, 0xA2, 0x20])  // "• "
    }

    /// Appends a decoded character reference; a no-break space counts as white space.
    mutating func append(scalar: Unicode.Scalar) {
        if scalar == "\u{A0}" || scalar == " " {
            space()
            return
        }
        flushPending()
        bytes.append(contentsOf: UTF8.encode(scalar)!)
    }

    mutating func space() { if !bytes.isEmpty && pendingBreaks == 0 { pendingSpace = true } }

    /// A hard break is a line break in plain text or `<br>`; a soft one ends a block (collapses with others).
    mutating func lineBreak(hard: Bool) {
        guard !bytes.isEmpty else { return }
        pendingSpace = false
        pendingBreaks = hard ? min(pendingBreaks + 1, 2) : max(pendingBreaks, 2)
    }

    private mutating func flushPending() {
        if pendingBreaks > 0 {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: pendingBreaks))
            pendingBreaks = 0
        } else if pendingSpace {
            bytes.append(UInt8(ascii: " "))
        }
        pendingSpace = false
    }

    consuming func finish() -> String { String(decoding: bytes, as: UTF8.self) }
}
