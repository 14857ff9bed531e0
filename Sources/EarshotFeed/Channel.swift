import Foundation

/// A podcast channel (the seed's "Channel Feed"): the show's own fields and its episodes in feed order.
public struct Channel: Sendable, Equatable, Codable {
    /// The show's title.
    public var title: String?
    /// The show's web page.
    public var link: URL?
    /// The author (itunes:author, else managingEditor / Atom author name).
    public var author: String?
    /// Plain-text description of the show.
    public var description: String
    /// The show's artwork: itunes:image href, else the RSS image/url, else Atom logo/icon.
    public var profileImage: URL?
    /// Where the publisher says the feed now lives (itunes:new-feed-url, else `<redirect><newLocation>`),
    /// when present.
    public var newFeedURL: URL?
    /// The language the feed declares (`<language>`, e.g. `en-us`, `zh-CN`), as written.
    public var language: String?
    /// Episodes in the order the feed lists them.
    public var episodes: [Episode]
    /// The Podcasting 2.0 fields of the channel (people, funding, live items…).
    public var podcast: ShowNamespace

    /// A channel with the given fields.
    public init(
        title: String? = nil, link: URL? = nil, author: String? = nil, description: String = "",
        profileImage: URL? = nil, newFeedURL: URL? = nil, language: String? = nil, episodes: [Episode] = [],
        podcast: ShowNamespace = ShowNamespace()
    ) {
        self.language = language
        self.title = title
        self.link = link
        self.author = author
        self.description = description
        self.profileImage = profileImage
        self.newFeedURL = newFeedURL
        self.episodes = episodes
        self.podcast = podcast
    }
}
