import Foundation

/// Turns the addresses a feed writes into URLs: relative ones resolved against the feed's address, and,
/// for a feed from the network, only http(s) kept where Earshot would fetch them.
struct LinkResolver {
    let baseURL: URL?
    /// The feed came from the network: what it names to fetch must be http(s) too.
    let fromNetwork: Bool

    init(baseURL: URL?) {
        self.baseURL = baseURL
        fromNetwork = ["http", "https"].contains(baseURL?.scheme?.lowercased() ?? "")
    }

    /// `text` as an absolute URL, resolved against the feed's URL when relative.
    func url(_ text: String?) -> URL? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        if Self.hasScheme(text) { return URL(string: String(text)) }
        guard let url = URL(string: String(text), relativeTo: baseURL)?.absoluteURL, url.scheme != nil else { return nil }
        return url
    }

    /// `text` as an absolute address in text, for an address that is only shown (a person's picture and
    /// page, a licence, a comment thread, an image of a srcset): written with a scheme, it is kept as
    /// written, unparsed (parsing it as a `URL` was most of the cost of a feed's namespace tags); a
    /// relative one is resolved against the feed's URL. What it names is never fetched from it.
    func address(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        if Self.hasScheme(text) { return String(text) }
        return url(String(text))?.absoluteString
    }

    /// Whether an address in text (`address`) is one Earshot may show as fetchable from this feed: as
    /// `mayFetch`, by its scheme.
    func mayFetch(address: String) -> Bool {
        guard fromNetwork else { return true }
        let scheme = address.utf8.prefix { $0 != UInt8(ascii: ":") }
        return scheme.count < address.utf8.count && ["http", "https"].contains(String(decoding: scheme, as: UTF8.self).lowercased())
    }

    /// Whether Earshot may fetch `address` named by this feed: anything from a local feed, http(s) only
    /// from the network (a `file://` one would have Earshot read a local file and show it).
    func mayFetch(_ address: URL) -> Bool {
        !fromNetwork || ["http", "https"].contains(address.scheme?.lowercased() ?? "")
    }

    /// Whether `text` starts with a URL scheme (`https:`, `file:`…), so it needs no base to resolve.
    private static func hasScheme(_ text: Substring) -> Bool {
        for (offset, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: ":"): return offset > 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if offset == 0 { return false }
            default: return false
            }
        }
        return false
    }
}
