import Foundation

/// One episode of a channel, as the feed describes it.
public struct Episode: Sendable, Equatable, Codable, Identifiable {
    /// Stable identity: the guid text as written; else the enclosure URL; else the item's link.
    public var id: String
    /// The episode's title.
    public var title: String?
    /// The richest description exactly as the feed gave it (content:encoded, else description, else
    /// itunes:summary, else Atom content or summary), or nil when there is none.
    public var rawDescription: String?
    /// Whether `rawDescription` is HTML (RSS descriptions, Atom html/xhtml) or plain text (Atom text).
    public var rawDescriptionFormat: DescriptionFormat
    /// When the episode was released, as written and as parsed.
    public var releaseDate: ReleaseDate?
    /// The audio file, resolved against the feed URL when relative: the first audio or video enclosure
    /// (else the first enclosure); without any, the first audio or video media:content (also inside
    /// media:group), else the first media:content.
    public var soundURL: URL?
    /// The enclosure's MIME type, e.g. `audio/mpeg`.
    public var soundMIMEType: String?
    /// The enclosure's length in bytes, as the feed states it.
    public var soundByteLength: Int64?
    /// The episode's own artwork (itunes:image, else the first media:thumbnail).
    public var coverImage: URL? {
        get { coverImageAddress.flatMap { URL(string: $0) } }
        set { coverImageAddress = newValue?.absoluteString }
    }
    /// Running time in seconds (itunes:duration); nil when absent or unreadable.
    public var duration: Double?
    /// itunes:season.
    public var season: Int?
    /// itunes:episode: a positive integer, else nil (a feed's `-1`, `0` or `abc` is no episode number).
    public var episodeNumber: Int?
    /// itunes:episodeType: full, trailer or bonus.
    public var episodeType: String?
    /// The episode's web page.
    public var link: URL? {
        get { linkAddress.flatMap { URL(string: $0) } }
        set { linkAddress = newValue?.absoluteString }
    }
    /// Podcasting 2.0 chapters file (podcast:chapters url).
    public var chaptersURL: URL? {
        get { chaptersAddress.flatMap { URL(string: $0) } }
        set { chaptersAddress = newValue?.absoluteString }
    }
    /// `coverImage`, `link` and `chaptersURL` as absolute addresses in text. They are kept as text and
    /// made `URL`s only when asked for: most are stored and shown, few fetched, and parsing each one as a
    /// `URL` while reading a feed was a tenth of the parse.
    public var coverImageAddress: String?
    public var linkAddress: String?
    public var chaptersAddress: String?
    /// Podcasting 2.0 transcripts (every podcast:transcript with a readable url), as listed.
    public var transcripts: [TranscriptLink]
    /// Chapters given in the feed itself (Podlove Simple Chapters), by start; empty when there are none.
    public var chapters: [Chapter]
    /// The item's Podcasting 2.0 fields (people, soundbites, alternate enclosures…).
    public var podcast: EpisodeNamespace {
        get { namespaceBox?.fields ?? EpisodeNamespace() }
        set { namespaceBox = newValue.isEmpty ? nil : NamespaceBox(newValue) }
    }
    /// `podcast`, kept out of line: most items have none, and a 5,000-episode feed's episodes are moved
    /// and copied as they are built (inline, the fields made parsing a feed without them 7% slower).
    private var namespaceBox: NamespaceBox?

    /// The keys the fields had when they were `URL`s (a `URL` is a string in JSON), so stored live items
    /// read as before.
    private enum CodingKeys: String, CodingKey {
        case id, title, rawDescription, rawDescriptionFormat, releaseDate, soundURL, soundMIMEType, soundByteLength
        case coverImageAddress = "coverImage", duration, season, episodeNumber, episodeType, linkAddress = "link"
        case chaptersAddress = "chaptersURL", transcripts, chapters, namespaceBox
    }

    /// An episode with the given identity and fields.
    public init(
        id: String, title: String? = nil, rawDescription: String? = nil, rawDescriptionFormat: DescriptionFormat = .html,
        releaseDate: ReleaseDate? = nil, soundURL: URL? = nil, soundMIMEType: String? = nil,
        soundByteLength: Int64? = nil, coverImage: URL? = nil, duration: Double? = nil, season: Int? = nil,
        episodeNumber: Int? = nil, episodeType: String? = nil, link: URL? = nil, chaptersURL: URL? = nil,
        transcripts: [TranscriptLink] = [], chapters: [Chapter] = [], podcast: EpisodeNamespace = EpisodeNamespace()
    ) {
        self.id = id
        self.title = title
        self.rawDescription = rawDescription
        self.rawDescriptionFormat = rawDescriptionFormat
        self.releaseDate = releaseDate
        self.soundURL = soundURL
        self.soundMIMEType = soundMIMEType
        self.soundByteLength = soundByteLength
        coverImageAddress = coverImage?.absoluteString
        self.duration = duration
        self.season = season
        self.episodeNumber = episodeNumber
        self.episodeType = episodeType
        linkAddress = link?.absoluteString
        chaptersAddress = chaptersURL?.absoluteString
        self.transcripts = transcripts
        self.chapters = chapters
        namespaceBox = podcast.isEmpty ? nil : NamespaceBox(podcast)
    }
}

extension Episode {
    /// Plain text of the description, derived on access: tags removed, block elements as line breaks,
    /// entities decoded, white space collapsed; empty when the feed has no description.
    ///
    /// Derived rather than stored: a listener reads one episode's notes at a time, so a 5,000-episode
    /// feed keeps its descriptions in memory once, not twice.
    public var description: String {
        rawDescription.map { PlainText.from($0, isHTML: rawDescriptionFormat == .html) } ?? ""
    }
}

/// How a feed wrote a description.
public enum DescriptionFormat: String, Sendable, Codable {
    /// HTML (RSS descriptions and content:encoded, Atom type="html" or "xhtml"), possibly plain in practice.
    case html
    /// Plain text (Atom type="text", the default for Atom).
    case text
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

/// An item's namespace fields behind one reference (see `Episode.podcast`); never changed once made.
final class NamespaceBox: Sendable, Equatable, Codable {
    let fields: EpisodeNamespace

    init(_ fields: EpisodeNamespace) { self.fields = fields }

    static func == (a: NamespaceBox, b: NamespaceBox) -> Bool { a === b || a.fields == b.fields }
}
