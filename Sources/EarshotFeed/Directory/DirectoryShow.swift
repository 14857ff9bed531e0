import Foundation

/// One show as a directory lists it: always with a feed address (a directory entry without one is left
/// out when the reply is read), its title as plain text, and what else the directory knows.
public struct DirectoryShow: Sendable, Equatable {
    public var title: String
    public var author: String?
    /// The feed, http or https.
    public var feed: URL
    /// How many episodes the directory counts.
    public var episodes: Int?
    /// When the newest episode came out, as the directory knows it.
    public var latest: Date?
    public var artwork: URL?
    /// The show's web page.
    public var website: URL?
    /// Who listed it.
    public var directory: Directory
    /// Its id in that directory (what an Apple Podcasts or Podcast Index page names), when given.
    public var id: String?

    public init(title: String, author: String? = nil, feed: URL, episodes: Int? = nil, latest: Date? = nil,
                artwork: URL? = nil, website: URL? = nil, directory: Directory, id: String? = nil) {
        self.title = title
        self.author = author
        self.feed = feed
        self.episodes = episodes
        self.latest = latest
        self.artwork = artwork
        self.website = website
        self.directory = directory
        self.id = id
    }
}
