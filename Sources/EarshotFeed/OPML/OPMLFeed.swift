import Foundation

/// One subscription of an OPML subscription list: a feed's address, with the title and web page the
/// list gives for it.
public struct OPMLFeed: Sendable, Equatable {
    /// The feed's address (`xmlUrl`): always absolute http or https.
    public var url: URL
    /// The podcast's title (`title`, else `text`), or nil when the list gives none.
    public var title: String?
    /// The podcast's web page (`htmlUrl`), when the list gives an absolute http or https one.
    public var htmlURL: URL?

    /// A subscription with the given fields.
    public init(url: URL, title: String? = nil, htmlURL: URL? = nil) {
        self.url = url
        self.title = title
        self.htmlURL = htmlURL
    }
}
