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

    fileprivate enum State {
        case text
        /// After `<`.
        case markup
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        /// Inside a comment or CDATA section; `closing` counts the `-` or `]` just seen of its `-->` or `]]>`.
        case comment(closing: Int)
        case cdata(closing: Int)
        /// A declaration, processing instruction or end tag: nothing to count until `>`.
        case skipToClose
        case startTag
        case quoted(UInt8)
    }

    private var state = State.text
    private var attributes = 0

    /// Scans the next slice of the document; false when a start tag has more than `limit` attributes.
    mutating func admit(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let count = bytes.count
        var i = 0
        while i < count {
            switch state {
            case .text:
                guard let lt = Self.find(UInt8(ascii: "<"), base, from: i, count) else { i = count; continue }
                i = lt + 1
                // The usual cases straight away: an end tag, or a start tag's first letter.
                if i < count, base[i] == UInt8(ascii: "/") {
                    guard let gt = Self.find(UInt8(ascii: ">"), base, from: i, count) else {
                        state = .skipToClose
                        i = count
                        continue
                    }
                    i = gt + 1
                } else if i < count, (base[i] | 0x20) &- UInt8(ascii: "a") < 26 {
                    attributes = 0
                    state = .startTag
                    i += 1
                } else {
                    state = .markup
                }
            case .markup, .bang, .bangDash:
                let c = base[i]
                i += 1
                if c != 0 { advanceMarkup(c) }
            case .comment(let closing), .cdata(let closing):
                let closer = state.closer
                if closing == 0 {
                    // Jump to the next '-' or ']': rare in the HTML that CDATA sections hold.
                    guard let found = Self.find(closer, base, from: i, count) else { i = count; continue }
                    state = state.closing(1)
                    i = found + 1
                    continue
                }
                let c = base[i]
                i += 1
                if c == closer {
                    state = state.closing(2)
                } else if c == UInt8(ascii: ">") && closing == 2 {
                    state = .text
                } else if c != 0 {
                    state = state.closing(0)
                }
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
        case (.bang, UInt8(ascii: "[")): state = .cdata(closing: 0)
        case (.bangDash, UInt8(ascii: "-")): state = .comment(closing: 0)
        default: state = .skipToClose
        }
    }

    private static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from: Int, _ count: Int) -> Int? {
        guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

private extension AttributeCounter.State {
    /// The character a comment (`-->`) or CDATA section (`]]>`) closes with.
    var closer: UInt8 {
        if case .comment = self { return UInt8(ascii: "-") }
        return UInt8(ascii: "]")
    }

    /// The same comment or CDATA state with `count` closing characters seen.
    func closing(_ count: Int) -> Self {
        if case .comment = self { return .comment(closing: count) }
        return .cdata(closing: count)
    }
}
