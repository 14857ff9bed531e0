#if canImport(Glibc)
import Glibc
#endif

/// Turns a feed's description (HTML, or plain text with entities) into plain text a desktop widget can
/// show: tags removed, block elements and `<br>` become line breaks, `<script>`/`<style>` dropped,
/// entities decoded, white space collapsed. Plain-text input keeps its own line breaks.
///
/// One pass over the UTF-8 bytes; descriptions are most of a feed's bytes.
enum PlainText {
    /// Plain text of `text`, which holds HTML when `isHTML` (tags are then looked for).
    static func from(_ text: String, isHTML: Bool = true) -> String {
        var text = text
        return text.withUTF8 { from($0, isHTML: isHTML) }
    }

    /// Plain text of UTF-8 `input`, which holds HTML when `isHTML`.
    static func from(_ input: UnsafeBufferPointer<UInt8>, isHTML: Bool) -> String {
        var out = Output(source: input)
        if isHTML && containsTag(input) {
            convertHTML(input, into: &out)
        } else {
            convertText(input, into: &out)
        }
        return String(decoding: out.bytes, as: UTF8.self)
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
        guard from < s.count, let base = s.baseAddress,
              let found = memchr(base + from, Int32(byte), s.count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
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
                let end = endOfRun(s, from: i)
                out.append(run: i..<end)
                i = end
                continue
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
                    out.append(run: i..<(i + 1))
                    i += 1
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                out.space()
                i += 1
            default:
                let end = endOfRun(s, from: i)
                out.append(run: i..<end)
                i = end
            }
        }
    }

    /// The end of the run of ordinary bytes at `start`: up to the next markup, reference, line break or
    /// run of white space. A single space between two words stays inside the run (it is what collapsing
    /// white space would write anyway), so prose is copied a sentence at a time.
    private static func endOfRun(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start + 1
        while i < s.count {
            let c = s[i]
            if c == UInt8(ascii: " "), i + 1 < s.count, isOrdinary(s[i + 1]) {
                i += 2
                continue
            }
            if !isOrdinary(c) { break }
            i += 1
        }
        return i
    }

    @inline(__always)
    private static func isOrdinary(_ c: UInt8) -> Bool {
        c > 0x20 && c != UInt8(ascii: "<") && c != UInt8(ascii: "&")
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
        let name = TagName(s, nameStart..<i).key
        let end = min(endOfTag(s, attributesFrom: i) + 1, s.count)
        if !closing && (name == TagName.script || name == TagName.style) {
            return skipRawText(s, from: end, until: name)
        }
        if name == TagName.br {
            out.lineBreak(hard: true)
        } else if TagName.isBlock(name) {
            out.lineBreak(hard: false)
        } else if name == TagName.li && !closing {
            out.lineBreak(hard: false)
            out.appendBullet()
        }
        return end
    }

    /// Where the tag whose attributes start at `start` ends: the index of its `>` (`s.count` when none
    /// comes). Follows the attribute states of HTML's tokenizer, so quoted values may hold `>`, and a quote
    /// opens a value only where a value may begin (after `=` and white space). Anywhere else — inside an
    /// attribute name, an unquoted value, or right after a quoted value, as with the unescaped
    /// `title="Twitter: "@x said…"` — a quote is an ordinary character: the stray text is attribute
    /// names up to `>`, and the text after the tag survives. `=` opens a value only after a name.
    static func endOfTag(_ s: UnsafeBufferPointer<UInt8>, attributesFrom start: Int) -> Int {
        enum State { case beforeName, name, afterName, beforeValue, unquotedValue }
        var state = State.beforeName
        var i = start
        while i < s.count {
            let c = s[i]
            switch c {
            case UInt8(ascii: ">"):
                return i
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                switch state {
                case .name: state = .afterName
                case .unquotedValue: state = .beforeName
                case .beforeName, .afterName, .beforeValue: break
                }
            case UInt8(ascii: "="):
                switch state {
                case .name, .afterName: state = .beforeValue
                case .beforeName: state = .name
                case .beforeValue: state = .unquotedValue
                case .unquotedValue: break
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                switch state {
                case .beforeValue:
                    guard let close = nextIndex(of: c, in: s, from: i + 1) else { return s.count }
                    i = close
                    state = .beforeName
                case .beforeName, .afterName: state = .name
                case .name, .unquotedValue: break
                }
            case UInt8(ascii: "/"):
                switch state {
                case .beforeName, .name, .afterName: state = .beforeName
                case .beforeValue: state = .unquotedValue
                case .unquotedValue: break
                }
            default:
                switch state {
                case .beforeName, .afterName: state = .name
                case .beforeValue: state = .unquotedValue
                case .name, .unquotedValue: break
                }
            }
            i += 1
        }
        return s.count
    }

    private static func skipRawText(_ s: UnsafeBufferPointer<UInt8>, from: Int, until name: UInt64) -> Int {
        var i = from
        while let lt = find(s, "</", from: i) {
            var end = lt + 2
            while end < s.count, isLetter(s[end]) { end += 1 }
            if TagName(s, (lt + 2)..<end).key == name {
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

    /// Where `literal` next occurs in `s` at or after `from` (exact bytes).
    static func find(_ s: UnsafeBufferPointer<UInt8>, _ literal: StaticString, from: Int) -> Int? {
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

/// A tag's name, compared without regard to case through a packed key.
private struct TagName {
    let bytes: UnsafeBufferPointer<UInt8>
    let range: Range<Int>

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    /// The name's letters and digits in lower case, packed six bits each (empty or longer than ten: 0).
    var key: UInt64 {
        guard range.count <= 10 else { return 0 }
        return range.reduce(0) { $0 << 6 | UInt64(bytes[$1] | 0x20) & 0x3F }
    }

    static func key(_ name: String) -> UInt64 { name.utf8.reduce(0) { $0 << 6 | UInt64($1) & 0x3F } }

    static let script = key("script"), style = key("style"), br = key("br"), li = key("li")

    /// The block elements' keys, sorted: a binary search over them is cheaper than hashing, once per tag.
    private static let blocks: [UInt64] = [
        "p", "div", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "tr",
        "section", "article", "header", "footer", "hr", "dl", "dt", "dd", "figure", "figcaption",
    ].map(key).sorted()

    /// Whether the tag with this key ends a block (a line break in plain text).
    static func isBlock(_ name: UInt64) -> Bool {
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < blocks.count && blocks[low] == name
    }
}

/// The plain text being written: collapses runs of spaces, keeps at most one blank line, trims.
private struct Output {
    private let source: UnsafeBufferPointer<UInt8>
    private(set) var bytes: [UInt8] = []
    private var pendingSpace = false
    private var pendingBreaks = 0

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        bytes.reserveCapacity(source.count)
    }

    /// Copies the source's bytes in `range`.
    mutating func append(run range: Range<Int>) {
        flushPending()
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
    }

    mutating func appendBullet() {
        flushPending()
        bytes.append(contentsOf: "• ".utf8)
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
}
