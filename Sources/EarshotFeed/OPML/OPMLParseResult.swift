import EarshotLocale

/// What an OPML subscription list holds: the feeds to subscribe to, in document order, and the
/// outlines that looked like subscriptions but were left out, each with its line and reason.
///
/// Folders (outlines that only group other outlines) and plain notes (outlines with text only) are
/// neither: they are walked through or passed over without a word.
public struct OPMLParseResult: Sendable, Equatable {
    /// One entry per distinct feed address, in the order the file lists them (the first wins).
    public var feeds: [OPMLFeed]
    /// The outlines left out, in document order.
    public var skipped: [OPMLSkippedEntry]

    /// A result with the given feeds and skipped entries.
    public init(feeds: [OPMLFeed] = [], skipped: [OPMLSkippedEntry] = []) {
        self.feeds = feeds
        self.skipped = skipped
    }
}

/// An outline of an OPML file that was not taken as a feed.
public struct OPMLSkippedEntry: Sendable, Equatable, CustomStringConvertible {
    /// The line of the file where the outline's start tag ends.
    public var line: Int
    /// What names the outline for a person: its address as written, else its title.
    public var label: String
    /// Why it was left out.
    public var reason: OPMLSkipReason

    /// An entry with the given fields.
    public init(line: Int, label: String, reason: OPMLSkipReason) {
        self.line = line
        self.label = label
        self.reason = reason
    }

    /// `line 12: ftp://example.com/feed.xml: the address is not http or https (ftp)`.
    public var description: String { "line \(line): \(label.isEmpty ? tr("(no title)") : label): \(reason)" }
}

/// Why an OPML outline was not taken as a feed.
public enum OPMLSkipReason: Sendable, Equatable, CustomStringConvertible {
    /// The same feed address already appeared, at `firstLine`.
    case duplicate(firstLine: Int)
    /// A link (`type="link"` or `"include"` with a `url`): a web page or another OPML file, not a feed.
    /// Earshot does not guess feeds from links, nor follow them.
    case link
    /// The outline says it is a feed (`type="rss"`) but has no `xmlUrl`, or an empty one.
    case missingAddress
    /// The address is relative: an OPML file has no base to resolve it against.
    case relativeAddress
    /// The address's scheme is not http or https (nor one of the podcast aliases for http).
    case unsupportedScheme(String)
    /// The address cannot be read as a URL, or names no host.
    case invalidAddress
    /// The outline, or a folder around it, is commented out (`isComment="true"`).
    case commentedOut

    public var description: String {
        switch self {
        case .duplicate(let firstLine): return tr("the same feed as line %s", "\(firstLine)")
        case .link: return tr("a link to a web page or another OPML file, not a feed")
        case .missingAddress: return tr("marked as a feed but has no feed address (xmlUrl)")
        case .relativeAddress: return tr("the feed address is relative, with nothing to resolve it against")
        case .unsupportedScheme(let scheme): return tr("the feed address is not http or https (%s)", "\(scheme)")
        case .invalidAddress: return tr("the feed address is not a valid URL")
        case .commentedOut: return tr("commented out (isComment)")
        }
    }
}
