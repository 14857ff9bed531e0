#if canImport(Glibc)
import Glibc
#endif

/// Counts the attributes of each start tag in the raw bytes of a document, before libxml2 sees them.
///
/// libxml2 2.9 checks a start tag for repeated attributes by comparing each attribute with every one
/// before it, so one element with 100,000 attributes (1 MB) takes seconds, and a 64 MiB feed of such
/// elements hours. No feed needs more than a few dozen attributes on an element (namespace declarations
/// included), so a start tag with more than `limit` is reason to refuse the document before libxml2
/// parses that tag.
///
/// The scan follows just enough XML to know where it is: text, start and end tags, quoted attribute
/// values, comments, CDATA sections, declarations and processing instructions. It jumps with `memchr`
/// over everything but start tags, and keeps its state between slices of the document. NUL bytes are
/// passed over, so a UTF-16 document is counted too.
struct AttributeCounter {
    /// More attributes than this on one element are refused.
    static let limit = 256

    private enum State: Equatable {
        case text
        /// After `<`.
        case markup
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        case comment
        case cdata
        /// A declaration, processing instruction or end tag: nothing to count until `>`.
        case skipToClose
        case startTag
        case quoted(UInt8)
    }

    private var state = State.text
    private var attributes = 0
    /// The last two non-NUL bytes seen, oldest first, for terminators (`-->`, `]]>`) split across slices.
    private var recent: (UInt8, UInt8) = (0, 0)

    /// Scans the next slice of the document; false when a start tag has more than `limit` attributes.
    mutating func admit(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let count = bytes.count
        var i = 0
        while i < count {
            switch state {
            case .text:
                guard let lt = Self.find(UInt8(ascii: "<"), base, from: i, count) else { i = count; continue }
                state = .markup
                i = lt + 1
            case .markup, .bang, .bangDash:
                let c = base[i]
                i += 1
                if c != 0 { advanceMarkup(c) }
            case .comment, .cdata:
                let closer = state == .comment ? UInt8(ascii: "-") : UInt8(ascii: "]")
                guard let gt = Self.find(UInt8(ascii: ">"), base, from: i, count) else { i = count; continue }
                if precededBy(closer, closer, base, gt) { state = .text }
                i = gt + 1
            case .skipToClose:
                guard let gt = Self.find(UInt8(ascii: ">"), base, from: i, count) else { i = count; continue }
                state = .text
                i = gt + 1
            case .quoted(let quote):
                guard let end = Self.find(quote, base, from: i, count) else { i = count; continue }
                state = .startTag
                i = end + 1
            case .startTag:
                while i < count {
                    let c = base[i]
                    i += 1
                    if c == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > Self.limit { return false }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        state = .quoted(c)
                        break
                    } else if c == UInt8(ascii: ">") {
                        state = .text
                        break
                    } else if c == UInt8(ascii: "<") {
                        state = .markup  // a broken tag; libxml2 ends it here too
                        break
                    }
                }
            }
        }
        remember(base, count)
        return true
    }

    /// The byte after `<`, `<!` or `<!-`.
    private mutating func advanceMarkup(_ c: UInt8) {
        switch (state, c) {
        case (.markup, UInt8(ascii: "!")): state = .bang
        case (.markup, UInt8(ascii: "?")), (.markup, UInt8(ascii: "/")): state = .skipToClose
        case (.markup, UInt8(ascii: ">")): state = .text
        case (.markup, _):
            attributes = 0
            state = .startTag
        case (.bang, UInt8(ascii: "-")): state = .bangDash
        case (.bang, UInt8(ascii: "[")): state = .cdata
        case (.bangDash, UInt8(ascii: "-")): state = .comment
        default: state = .skipToClose
        }
    }

    /// Whether the two non-NUL bytes before `index` are `a` then `b`, looking back into earlier slices
    /// when this one holds fewer than two before it.
    private func precededBy(_ a: UInt8, _ b: UInt8, _ base: UnsafePointer<UInt8>, _ index: Int) -> Bool {
        var last = recent.1, beforeLast = recent.0, found = 0
        var j = index - 1
        while found < 2 && j >= 0 {
            if base[j] != 0 {
                if found == 0 { last = base[j] } else { beforeLast = base[j] }
                found += 1
            }
            j -= 1
        }
        if found == 1 { beforeLast = recent.1 }
        return beforeLast == a && last == b
    }

    /// Keeps the last two non-NUL bytes seen, for `precededBy` in the next slice.
    private mutating func remember(_ base: UnsafePointer<UInt8>, _ count: Int) {
        var tail: [UInt8] = []
        var j = count - 1
        while tail.count < 2 && j >= 0 {
            if base[j] != 0 { tail.append(base[j]) }
            j -= 1
        }
        if tail.count == 2 { recent = (tail[1], tail[0]) } else if tail.count == 1 { recent = (recent.1, tail[0]) }
    }

    private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, _ count: Int) -> Int? {
        guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
