import Foundation

/// One `podcast:alternateEnclosure`: another encoding or file of an episode's media, with the places it
/// can be fetched from.
public struct AlternateEnclosure: Sendable, Equatable, Codable {
    /// `type`, the MIME type (`audio/opus`).
    public var type: String
    /// `bitrate` in bits per second, when given.
    public var bitrate: Double?
    /// `length` in bytes, when given.
    public var length: Int64?
    /// `codecs` (RFC 6381), when given.
    public var codecs: String?
    /// `title`, when given.
    public var title: String?
    /// `default="true"`: the same media as the enclosure.
    public var isDefault: Bool
    /// The `podcast:source` addresses, in the order listed (the first is preferred).
    public var sources: [URL] {
        get { sourceAddresses.compactMap { URL(string: $0) } }
        set { sourceAddresses = newValue.map(\.absoluteString) }
    }
    /// `sources` as absolute addresses in text, made `URL`s only when asked for (see `Episode.linkAddress`).
    public var sourceAddresses: [String]
    /// `podcast:integrity`, when given (the first type given).
    public var integrity: Integrity?
    /// Its `podcast:integrity` elements of other types than the first, in the order given (the namespace
    /// gives one; a feed may give an SRI string and a PGP signature both); nil when there are none.
    public var moreIntegrity: [Integrity]?

    /// Every `podcast:integrity` given, one of each type, the first first.
    public var integrities: [Integrity] { (integrity.map { [$0] } ?? []) + (moreIntegrity ?? []) }

    private enum CodingKeys: String, CodingKey {
        case type, bitrate, length, codecs, title, isDefault, sourceAddresses = "sources", integrity, moreIntegrity
    }

    /// An alternate enclosure.
    public init(type: String, bitrate: Double? = nil, length: Int64? = nil, codecs: String? = nil, title: String? = nil,
                isDefault: Bool = false, sources: [URL] = [], integrity: Integrity? = nil) {
        self.type = type
        self.bitrate = bitrate
        self.length = length
        self.codecs = codecs
        self.title = title
        self.isDefault = isDefault
        sourceAddresses = sources.map(\.absoluteString)
        self.integrity = integrity
    }
}

extension AlternateEnclosure {
    /// Keeps `given`: in place of one of its type given before (the last one counts, as with every
    /// element given twice), else after the others, at most 4 types.
    public mutating func add(_ given: Integrity) {
        if integrity == nil || integrity?.type == given.type {
            integrity = given
        } else if let index = moreIntegrity?.firstIndex(where: { $0.type == given.type }) {
            moreIntegrity?[index] = given
        } else if integrities.count < 4 {
            moreIntegrity = (moreIntegrity ?? []) + [given]
        }
    }
}

/// `podcast:integrity`: how to check a downloaded file: `sri` (a Subresource Integrity string such as
/// `sha384-…`) or `pgp-signature` (a detached OpenPGP signature of the file, base64).
public struct Integrity: Sendable, Equatable, Codable {
    /// `type`: `sri` or `pgp-signature`.
    public var type: String
    /// `value`.
    public var value: String

    /// An integrity check.
    public init(type: String, value: String) {
        self.type = type
        self.value = value
    }
}

/// `podcast:remoteItem`: a pointer to another feed (in a podroll, a show recommended) or to an item of one.
public struct RemoteItem: Sendable, Equatable, Codable {
    /// `feedGuid`: the other feed's `podcast:guid` (required by the namespace, yet some feeds give only
    /// `feedUrl`).
    public var feedGuid: String?
    /// `feedUrl`, when given.
    public var feedURL: URL?
    /// `itemGuid`, when it points to one item.
    public var itemGuid: String?
    /// `medium`, when given (`podcast` when absent).
    public var medium: String?

    /// A remote item.
    public init(feedGuid: String?, feedURL: URL? = nil, itemGuid: String? = nil, medium: String? = nil) {
        self.feedGuid = feedGuid
        self.feedURL = feedURL
        self.itemGuid = itemGuid
        self.medium = medium
    }
}

/// `podcast:trailer`: a trailer of the show (or of one season).
public struct Trailer: Sendable, Equatable, Codable {
    /// The trailer's title (the element's text).
    public var title: String
    /// `url`: its media.
    public var url: URL
    /// `pubdate`, as written.
    public var published: String?
    /// `type`, when given.
    public var type: String?
    /// `season`, when the trailer is a season's.
    public var season: Int?

    /// A trailer.
    public init(title: String, url: URL, published: String? = nil, type: String? = nil, season: Int? = nil) {
        self.title = title
        self.url = url
        self.published = published
        self.type = type
        self.season = season
    }
}

/// `podcast:updateFrequency`: how often the show means to publish.
public struct UpdateFrequency: Sendable, Equatable, Codable {
    /// The element's text, e.g. `Weekly on Mondays`.
    public var text: String
    /// `rrule` (RFC 5545), when given.
    public var rule: String?
    /// `complete="true"`: the show has ended and will publish no more.
    public var isComplete: Bool

    /// An update frequency.
    public init(text: String, rule: String? = nil, isComplete: Bool = false) {
        self.text = text
        self.rule = rule
        self.isComplete = isComplete
    }
}

/// `podcast:liveItem`: a live show, pending, live or ended, with its stream as the episode's enclosure.
public struct LiveItem: Sendable, Equatable, Codable {
    /// `status`: `pending`, `live` or `ended` (lower case, as given).
    public var status: String
    /// `start`, as written (ISO 8601) and read.
    public var start: ReleaseDate?
    /// `end`, when given.
    public var end: ReleaseDate?
    /// The item's fields (title, guid, the stream as its sound).
    public var episode: Episode
    /// `podcast:contentLink` addresses (a video page, a chat), with their text.
    public var contentLinks: [FundingLink]

    /// A live item.
    public init(status: String, start: ReleaseDate? = nil, end: ReleaseDate? = nil, episode: Episode,
                contentLinks: [FundingLink] = []) {
        self.status = status
        self.start = start
        self.end = end
        self.episode = episode
        self.contentLinks = contentLinks
    }
}
