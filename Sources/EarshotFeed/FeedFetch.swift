import Foundation

/// What a server said about a feed's version, sent back on the next fetch as a conditional GET.
public struct FeedValidators: Sendable, Equatable, Codable {
    /// The ETag response header.
    public var etag: String?
    /// The Last-Modified response header.
    public var lastModified: String?

    /// Validators as received (nil when the server sent none).
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is anything to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A feed that was downloaded and parsed.
public struct FetchedFeed: Sendable, Equatable {
    /// The channel, its episodes, and what was repaired or skipped.
    public var feed: ParsedFeed
    /// Validators for the next conditional GET.
    public var validators: FeedValidators
    /// Where the feed now lives when the server moved it permanently (301/308); the caller should store it.
    public var permanentURL: URL?
    /// The URL the document actually came from, after any redirects.
    public var finalURL: URL
}

/// The outcome of a conditional fetch.
public enum FeedFetchResult: Sendable, Equatable {
    /// A new version of the feed.
    case fetched(FetchedFeed)
    /// The server answered 304: the stored version is current.
    case notModified
}
