import Foundation

/// One episode of a channel, as the feed describes it.
public struct Episode: Sendable, Equatable, Codable, Identifiable {
    /// Stable identity: the guid text as written; else the enclosure URL; else the item's link.
    public var id: String
    /// The episode's title.
    public var title: String?
    /// Plain text derived from the richest description (content:encoded, description, itunes:summary),
    /// tags removed and entities decoded; empty when the feed has none.
    public var description: String
    /// The description exactly as the feed gave it (usually HTML), or nil when there was none.
    public var descriptionHTML: String?
    /// When the episode was released, as written and as parsed.
    public var releaseDate: ReleaseDate?
    /// The audio file (enclosure url, resolved against the feed URL when relative).
    public var soundURL: URL?
    /// The enclosure's MIME type, e.g. `audio/mpeg`.
    public var soundMIMEType: String?
    /// The enclosure's length in bytes, as the feed states it.
    public var soundByteLength: Int64?
    /// The episode's own artwork (itunes:image).
    public var coverImage: URL?
    /// Running time in seconds (itunes:duration); nil when absent or unreadable.
    public var duration: Double?
    /// itunes:season.
    public var season: Int?
    /// itunes:episode.
    public var episodeNumber: Int?
    /// itunes:episodeType: full, trailer or bonus.
    public var episodeType: String?
    /// The episode's web page.
    public var link: URL?
    /// Podcasting 2.0 chapters file (podcast:chapters url).
    public var chaptersURL: URL?
    /// Podcasting 2.0 transcript (podcast:transcript url; the first one listed).
    public var transcriptURL: URL?

    /// An episode with the given identity and fields.
    public init(
        id: String, title: String? = nil, description: String = "", descriptionHTML: String? = nil,
        releaseDate: ReleaseDate? = nil, soundURL: URL? = nil, soundMIMEType: String? = nil,
        soundByteLength: Int64? = nil, coverImage: URL? = nil, duration: Double? = nil, season: Int? = nil,
        episodeNumber: Int? = nil, episodeType: String? = nil, link: URL? = nil, chaptersURL: URL? = nil,
        transcriptURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.descriptionHTML = descriptionHTML
        self.releaseDate = releaseDate
        self.soundURL = soundURL
        self.soundMIMEType = soundMIMEType
        self.soundByteLength = soundByteLength
        self.coverImage = coverImage
        self.duration = duration
        self.season = season
        self.episodeNumber = episodeNumber
        self.episodeType = episodeType
        self.link = link
        self.chaptersURL = chaptersURL
        self.transcriptURL = transcriptURL
    }
}

/// A release date: the text the feed wrote (kept verbatim, as the seed's model has it) and the instant
/// it denotes when it could be read.
public struct ReleaseDate: Sendable, Equatable, Codable {
    /// The pubDate / published text exactly as written.
    public var text: String
    /// The parsed instant, or nil when the text is not a date Earshot can read.
    public var date: Date?

    /// Parses `text` as an RFC 822 (RSS) or RFC 3339 (Atom) date, tolerating the usual mistakes.
    public init(text: String) {
        self.text = text
        self.date = FeedDate.parse(text)
    }

    /// A release date with an already known instant.
    public init(text: String, date: Date?) {
        self.text = text
        self.date = date
    }
}
