import EarshotLocale

/// Looks at the first bytes of a document before libxml2 does: what is plainly not XML (empty, JSON),
/// and whether the document names its own encoding (a byte-order mark or `<?xml … encoding=…?>`), in
/// which case an HTTP charset must not override it.
struct FeedSniffer {
    /// How many leading bytes are enough to decide.
    static let prefixLength = 512

    /// The document is plainly not a feed; the reason is written for a person.
    let refusal: String?
    /// Whether a BOM or the XML declaration names the encoding.
    let declaresEncoding: Bool

    init(prefix: [UInt8]) {
        let bomLength: Int
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) {
            bomLength = 3
        } else if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) {
            refusal = nil
            declaresEncoding = true
            return
        } else {
            bomLength = 0
        }
        let body = prefix.dropFirst(bomLength)
        guard let first = body.firstIndex(where: { !Self.isSpace($0) }) else {
            refusal = prefix.isEmpty ? tr("the document is empty") : tr("the document holds only white space")
            declaresEncoding = false
            return
        }
        if body[first] == UInt8(ascii: "{") || body[first] == UInt8(ascii: "[") {
            refusal = tr("the document is JSON, not an RSS or Atom feed")
        } else if body[first] != UInt8(ascii: "<") && body[first] < 0x80 && body[first] != 0 {
            refusal = tr("the document is plain text, not an RSS or Atom feed")
        } else {
            refusal = nil
        }
        declaresEncoding = bomLength > 0 || Self.declarationNamesEncoding(Array(body[first...]))
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func declarationNamesEncoding(_ s: [UInt8]) -> Bool {
        guard s.starts(with: Array("<?xml".utf8)) else { return false }
        let declaration = s.prefix { $0 != UInt8(ascii: ">") }
        return String(decoding: declaration, as: UTF8.self).contains("encoding")
    }
}
