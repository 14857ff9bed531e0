import Foundation

/// A feed a web page points to with `<link rel="alternate" type="application/rss+xml" href="…"
/// title="…">` (or Atom's type).
public struct FeedLink: Sendable, Equatable {
    /// The feed, absolute (resolved against the page's address, or its `<base href>`).
    public let url: URL
    /// What the page calls it ("MP3 feed", "Comments"), when it says.
    public let title: String?

    public init(url: URL, title: String?) {
        self.url = url
        self.title = title
    }
}
