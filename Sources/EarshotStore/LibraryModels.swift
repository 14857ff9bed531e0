import EarshotFeed
import Foundation

/// A podcast is a subscribed feed: the same identity as the feed row.
public typealias PodcastID = FeedID

/// The database identity of a stored episode (its row id): stable for the life of the library, across
/// refreshes and restarts, and unique across podcasts (two shows may use the same guid).
public struct EpisodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The episode row's `id`.
    public let rawValue: Int64

    /// The identity with the given row id.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Orders by row id: a stable order with no meaning of its own.
    public static func < (a: EpisodeID, b: EpisodeID) -> Bool { a.rawValue < b.rawValue }

    /// `episode #<id>`, for log lines and error messages.
    public var description: String { "episode #\(rawValue)" }
}

/// One podcast of the library as the library listing shows it.
public struct PodcastSummary: Sendable, Equatable {
    /// The podcast's identity.
    public var id: PodcastID
    /// Where the feed lives now.
    public var url: URL
    /// The channel's own fields (no episodes).
    public var channel: Channel
    /// ETag / Last-Modified for the next conditional GET.
    public var validators: FeedValidators
    /// How many episodes are stored.
    public var episodeCount: Int
    /// How many of the stored episodes are not completed (started ones count).
    public var unplayedCount: Int
    /// When the feed was last fetched or confirmed unchanged; nil if never.
    public var lastCheckedAt: Date?
    /// When any of its episodes was last listened to; nil if never.
    public var lastPlayedAt: Date?
    /// When it was subscribed (for a library migrated from version 1: when the migration ran).
    public var addedAt: Date
    /// The addresses the feed lived at before it moved: subscribing to one of them is subscribing to
    /// this podcast.
    public var formerURLs: [URL]

    /// What names it to the listener: the channel's title, else the feed's address.
    public var name: String { channel.title ?? url.absoluteString }

    /// A summary with the given fields.
    public init(id: PodcastID, url: URL, channel: Channel, validators: FeedValidators, episodeCount: Int,
                unplayedCount: Int, lastCheckedAt: Date?, lastPlayedAt: Date?, addedAt: Date, formerURLs: [URL] = []) {
        self.id = id
        self.url = url
        self.channel = channel
        self.validators = validators
        self.episodeCount = episodeCount
        self.unplayedCount = unplayedCount
        self.lastCheckedAt = lastCheckedAt
        self.lastPlayedAt = lastPlayedAt
        self.addedAt = addedAt
        self.formerURLs = formerURLs
    }
}

/// What storing a fetched feed did.
public struct SavedFeed: Sendable, Equatable {
    /// The podcast's identity.
    public var podcast: PodcastID
    /// Whether the feed was not stored before (a new subscription).
    public var isNew: Bool
    /// The episodes this fetch added, in feed order (empty for a new subscription's first fetch too:
    /// then every episode is new, see `episodeCount`).
    public var newEpisodes: [EpisodeID]
    /// The guids of `newEpisodes`, in the same order (for rules that tell new episodes apart by what
    /// the feed said of them, such as `TrailerRule`).
    public var newGuids: [String]
    /// How many episodes the podcast has now.
    public var episodeCount: Int
    /// Another podcast that turned out to be this feed at another address (the feed moved onto this
    /// one's) and was merged into it before the feed was stored; nil when none was.
    public var merged: PodcastMerge?
    /// The feed's schedule and live shows as this version gives them (live shows with their episodes).
    public var schedule = FeedSchedule()
    /// The feed's `podcast:medium` (lower case), when it gives one.
    public var medium: String?

    /// A result with the given fields.
    public init(podcast: PodcastID, isNew: Bool, newEpisodes: [EpisodeID], newGuids: [String] = [], episodeCount: Int,
                merged: PodcastMerge? = nil) {
        self.podcast = podcast
        self.isNew = isNew
        self.newEpisodes = newEpisodes
        self.newGuids = newGuids
        self.episodeCount = episodeCount
        self.merged = merged
    }
}

/// What merging one podcast into another did (`Store.mergeFeed`): the same feed was subscribed at two
/// addresses, and the one subscribed at the address the feed moved away from became part of the other.
public struct PodcastMerge: Sendable, Equatable {
    /// The podcast merged away: its rows are gone.
    public var from: PodcastID
    /// The podcast it became part of.
    public var into: PodcastID
    /// Each episode of `from` that `into` has too (the same guid, else the same audio address), with the
    /// episode of `into` that now stands for it: the more recent place of the two, the Up Next and
    /// history entries and the download (see `downloadsMoved`) went there.
    public var episodes: [EpisodeID: EpisodeID]
    /// The episodes of `from` that `into` did not have: they belong to `into` now, with the same ids.
    public var moved: [EpisodeID]
    /// The episodes of `episodes` whose download now belongs to the episode they joined (that one's own,
    /// if any, was dropped: a completed file wins, else the one already there). The downloads of the
    /// other matched episodes of `from` were dropped.
    public var downloadsMoved: Set<EpisodeID>

    /// A merge with the given fields.
    public init(from: PodcastID, into: PodcastID, episodes: [EpisodeID: EpisodeID], moved: [EpisodeID],
                downloadsMoved: Set<EpisodeID>) {
        self.from = from
        self.into = into
        self.episodes = episodes
        self.moved = moved
        self.downloadsMoved = downloadsMoved
    }
}

/// One stored episode with everything the player needs about it.
public struct StoredEpisode: Sendable, Equatable {
    /// The episode's identity.
    public var id: EpisodeID
    /// The podcast it belongs to.
    public var podcast: PodcastID
    /// Every field the feed gave (its `id` is the guid).
    public var episode: Episode
    /// The listener's progress (`EpisodeStatus.unplayed` when never played).
    public var status: EpisodeStatus
    /// The length learned from the audio itself, in seconds, when known (feeds often omit it).
    public var learnedDuration: Double?
    /// Chapters fetched from the episode's chapters file or read from its audio; empty when none yet.
    public var storedChapters: [Chapter]

    /// An episode with the given fields; by default nothing learned and no stored chapters.
    public init(id: EpisodeID, podcast: PodcastID, episode: Episode, status: EpisodeStatus,
                learnedDuration: Double? = nil, storedChapters: [Chapter] = []) {
        self.id = id
        self.podcast = podcast
        self.episode = episode
        self.status = status
        self.learnedDuration = learnedDuration
        self.storedChapters = storedChapters
    }
}

/// One episode as a listing shows it (`earshot episodes`, Up Next): small, no show notes.
public struct EpisodeListing: Sendable, Equatable {
    /// The episode's identity.
    public var id: EpisodeID
    /// The podcast it belongs to.
    public var podcast: PodcastID
    /// That podcast's title, when the feed gives one.
    public var podcastTitle: String?
    /// The episode's id in its feed.
    public var guid: String
    /// The episode's title, when the feed gives one.
    public var title: String?
    /// When it was released, when the feed says so in a readable form.
    public var releaseDate: Date?
    /// The feed's duration, else the learned one, in seconds.
    public var duration: Double?
    /// The listener's progress (`EpisodeStatus.unplayed` when never played).
    public var status: EpisodeStatus
    /// Whether it has a sound URL (episodes without one cannot be played).
    public var isPlayable: Bool
    /// The audio's address, when the feed gives one.
    public var soundURL: URL?
    /// The episode's web page, when the feed gives one.
    public var link: URL?
    /// The audio's MIME type, when the feed gives one (a download's file extension comes from it).
    public var soundMIMEType: String?
    /// The people the item names (`podcast:person`), as listed.
    public var people: [Person]
    /// The item's `podcast:alternateEnclosure`s, as listed.
    public var alternateEnclosures: [AlternateEnclosure]
    /// It is a live show on the air (`podcast:liveItem`): its audio is an endless stream.
    public var isLive = false

    /// A listing with the given fields.
    public init(id: EpisodeID, podcast: PodcastID, podcastTitle: String?, guid: String, title: String?,
                releaseDate: Date?, duration: Double?, status: EpisodeStatus, isPlayable: Bool, soundURL: URL?,
                link: URL?, soundMIMEType: String? = nil, people: [Person] = [], alternateEnclosures: [AlternateEnclosure] = []) {
        self.people = people
        self.alternateEnclosures = alternateEnclosures
        self.id = id
        self.podcast = podcast
        self.podcastTitle = podcastTitle
        self.guid = guid
        self.title = title
        self.releaseDate = releaseDate
        self.duration = duration
        self.status = status
        self.isPlayable = isPlayable
        self.soundURL = soundURL
        self.link = link
        self.soundMIMEType = soundMIMEType
    }
}

/// The current episode as stored: which one, of which podcast, and its progress.
public struct CurrentEpisode: Sendable, Equatable {
    /// The current episode's identity.
    public var episode: EpisodeID
    /// The podcast it belongs to.
    public var podcast: PodcastID
    /// Its progress (`isCurrentlyPlaying` is true).
    public var status: EpisodeStatus

    /// A current episode with the given fields.
    public init(episode: EpisodeID, podcast: PodcastID, status: EpisodeStatus) {
        self.episode = episode
        self.podcast = podcast
        self.status = status
    }
}

/// The ordered episode lists the library keeps.
public enum EpisodeListName: String, Sendable, CaseIterable {
    /// Up Next: what plays after the current episode, in order.
    case upNext
    /// What was played, oldest first (for Previous: "the episode played before").
    case history
}

/// What a typed part of a title names (`Store.nameEpisode`): how many episodes' titles contain it,
/// the first two whose whole title it is, and the newest few, to list when it names several.
public struct EpisodeNaming: Sendable, Equatable {
    public var total: Int
    public var exact: [EpisodeListing]
    public var first: [EpisodeListing]

    public init(total: Int, exact: [EpisodeListing], first: [EpisodeListing]) {
        self.total = total
        self.exact = exact
        self.first = first
    }
}
