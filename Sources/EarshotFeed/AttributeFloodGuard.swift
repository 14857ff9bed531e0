import Glibc

/// Finds a start tag with more attributes than libxml2 can take in reasonable time, in the raw bytes of
/// an OPML file, before libxml2 sees them. libxml2 2.9 checks each attribute of a tag against every
/// earlier one (quadratic): one tag with 100,000 attributes (1.4 MB) takes seconds, a 64 MiB file of
/// them hours.
///
/// Counts the `=` signs outside quotes between a `<` and its `>`; works across chunks. Text, quoted
/// values and short tags cost a `memchr` each, so the scan stays a small part of a parse.
struct AttributeFloodGuard {
    /// More attributes than this in one tag are refused (real files use a handful; the feed parser's
    /// limit is the same).
    static let maximumAttributes = 256

    private var insideTag = false
    private var quote: UInt8 = 0
    private var attributes = 0

    /// Scans the next bytes of the document; the offset in `bytes` where a tag went past the limit, or nil.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            if !insideTag || quote != 0 {
                // Jump to the next `<` (outside a tag) or to the closing quote.
                let target = insideTag ? quote : UInt8(ascii: "<")
                guard let found = memchr(base + offset, Int32(target), bytes.count - offset) else { return nil }
                offset = base.distance(to: UnsafeRawPointer(found)) + 1
                if insideTag { quote = 0 } else { insideTag = true; attributes = 0 }
                continue
            }
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: ">"): insideTag = false
            case UInt8(ascii: "<"): attributes = 0
            case UInt8(ascii: "="):
                attributes += 1
                if attributes > Self.maximumAttributes { return offset }
            default: break
            }
            offset += 1
        }
        return nil
    }

    /// Why a document is refused.
    static let reason = "an element has more than \(maximumAttributes) attributes; subscription lists never need that many, "
        + "and Earshot refuses them because reading them would take minutes"
}
