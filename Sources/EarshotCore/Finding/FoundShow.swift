import EarshotFeed
import EarshotStore
import Foundation

/// One show found by a search, a chart or on a web page: what the directories that list it say, merged
/// (each feed once), with every directory that listed it and, when the library has it already, its
/// podcast.
public struct FoundShow: Sendable, Equatable {
    public var title: String
    public var author: String?
    public var feed: URL
    public var episodes: Int?
    public var latest: Date?
    public var artwork: URL?
    public var website: URL?
    /// Who listed it, in the configured order (empty for a feed found on a web page).
    public var directories: [Directory]
    /// The podcast this feed is in the library already.
    public var podcast: PodcastID?

    init(_ show: DirectoryShow) {
        title = show.title
        author = show.author
        feed = show.feed
        episodes = show.episodes
        latest = show.latest
        artwork = show.artwork
        website = show.website
        directories = [show.directory]
    }

    init(_ link: FeedLink) {
        title = link.title ?? link.url.absoluteString
        feed = link.url
        directories = []
    }

    /// Takes in what another directory says of the same feed: the title and the first directory stay,
    /// the larger counts and the later date win, what was missing is filled in, and https is kept over
    /// http.
    mutating func absorb(_ other: DirectoryShow) {
        if !directories.contains(other.directory) { directories.append(other.directory) }
        episodes = [episodes, other.episodes].compactMap { $0 }.max()
        latest = [latest, other.latest].compactMap { $0 }.max()
        author = author ?? other.author
        artwork = artwork ?? other.artwork
        website = website ?? other.website
        if feed.scheme?.lowercased() == "http", other.feed.scheme?.lowercased() == "https" { feed = other.feed }
    }
}
