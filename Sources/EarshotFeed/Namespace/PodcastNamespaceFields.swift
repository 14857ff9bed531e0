import Foundation

/// What a channel says in the Podcasting 2.0 namespace (besides chapters and transcripts, which are
/// episodes' own). Every list is bounded (`NamespaceLimits`).
public struct ShowNamespace: Sendable, Equatable, Codable {
    /// `podcast:guid`: the show's identity across moves.
    public var guid: String?
    /// `podcast:person` of the channel.
    public var people: [Person] = []
    /// `podcast:funding`.
    public var funding: [FundingLink] = []
    /// `podcast:images` srcset.
    public var images: [ImageSource] = []
    /// `podcast:updateFrequency`.
    public var updateFrequency: UpdateFrequency?
    /// `podcast:block` without an `id`: the publisher asks directories and apps not to list the show.
    public var isBlocked = false
    /// `podcast:locked`: the publisher forbids importing the feed elsewhere.
    public var isLocked = false
    /// `podcast:locked` `owner`.
    public var lockOwner: String?
    /// `podcast:location`.
    public var location: Location?
    /// `podcast:license`.
    public var license: License?
    /// `podcast:txt`.
    public var texts: [TextRecord] = []
    /// `podcast:medium`, lower case (`podcast`, `audiobook`, `music`…).
    public var medium: String?
    /// `podcast:chat`.
    public var chat: Chat?
    /// `podcast:value` `type`s (e.g. `lightning`): the feed accepts payments that way.
    public var valueTypes: [String] = []
    /// `podcast:podroll` `podcast:remoteItem`s: the shows this one recommends.
    public var podroll: [RemoteItem] = []
    /// `podcast:trailer`.
    public var trailers: [Trailer] = []
    /// `podcast:liveItem`s, in feed order.
    public var liveItems: [LiveItem] = []

    /// An empty set of fields.
    public init() {}

    /// Whether the feed said nothing in the namespace.
    public var isEmpty: Bool { self == ShowNamespace() }
}

/// What an item says in the Podcasting 2.0 namespace (besides chapters and transcripts).
public struct EpisodeNamespace: Sendable, Equatable, Codable {
    /// `podcast:person` of the item.
    public var people: [Person] = []
    /// `podcast:soundbite`s.
    public var soundbites: [Soundbite] = []
    /// `podcast:season` `name`.
    public var seasonName: String?
    /// `podcast:episode` `display` (else its number as written, when not an integer).
    public var episodeName: String?
    /// `podcast:images` srcset.
    public var images: [ImageSource] = []
    /// `podcast:alternateEnclosure`s, in feed order.
    public var alternateEnclosures: [AlternateEnclosure] = []
    /// `podcast:location`.
    public var location: Location?
    /// `podcast:license`.
    public var license: License?
    /// `podcast:txt`.
    public var texts: [TextRecord] = []
    /// `podcast:chat`.
    public var chat: Chat?
    /// `podcast:socialInteract`.
    public var social: [SocialInteract] = []
    /// `podcast:value` `type`s.
    public var valueTypes: [String] = []
    /// `podcast:remoteItem` of the item: it plays another feed's item.
    public var remoteItem: RemoteItem?
    /// The live show this episode is (`podcast:liveItem` with status `live` or `ended`), when it is one.
    public var live: LiveMark?

    /// An empty set of fields.
    public init() {}

    /// Whether the item said nothing in the namespace.
    public var isEmpty: Bool { self == EpisodeNamespace() }
}

/// How much of each list a feed may give; the rest is left out (a hostile feed cannot grow a show's
/// stored fields without bound).
public enum NamespaceLimits {
    /// People, soundbites, images, text records and social links per channel or item.
    public static let perList = 64
    /// Funding links, value types, alternate enclosures and their sources, content links.
    public static let small = 16
    /// Recommended shows in a podroll.
    public static let podroll = 500
    /// Live items per feed.
    public static let liveItems = 64
    /// Characters kept of any one text or attribute.
    public static let characters = 2_000
}
