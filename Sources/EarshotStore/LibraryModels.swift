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

    public static func < (a: EpisodeID, b: EpisodeID) -> Bool { a.rawValue < b.rawValue }

    /// `episode #<id>`, for log lines and error messages.
    public var description: String { "episode #\(rawValue)" }
}

/// One podcast of the library as the library listing shows it.
public struct PodcastSummary: Sendable, Equatable {
    public var id: PodcastID
    /// Where the feed lives now.
    public var url: URL
    /// The channel's own fields (no episodes).
    public var channel: Channel
    /// ETag / Last-Modified for the next conditional GET.
    public var validators: FeedValidators
    /// How many episodes are stored, and how many of those are not completed.
    public var episodeCount: Int
    public var unplayedCount: Int
    /// When the feed was last fetched or confirmed unchanged; nil if never.
    public var lastCheckedAt: Date?
    /// When any of its episodes was last listened to; nil if never.
    public var lastPlayedAt: Date?
    /// When it was subscribed (for a library migrated from version 1: when the migration ran).
    public var addedAt: Date

    public init(id: PodcastID, url: URL, channel: Channel, validators: FeedValidators, episodeCount: Int,
                unplayedCount: Int, lastCheckedAt: Date?, lastPlayedAt: Date?, addedAt: Date) {
        self.id = id
        self.url = url
        self.channel = channel
        self.validators = validators
        self.episodeCount = episodeCount
        self.unplayedCount = unplayedCount
        self.lastCheckedAt = lastCheckedAt
        self.lastPlayedAt = lastPlayedAt
        self.addedAt = addedAt
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
    /// How many episodes the podcast has now.
    public var episodeCount: Int

    public init(podcast: PodcastID, isNew: Bool, newEpisodes: [EpisodeID], episodeCount: Int) {
        self.podcast = podcast
        self.isNew = isNew
        self.newEpisodes = newEpisodes
        self.episodeCount = episodeCount
    }
}

/// One stored episode with everything the player needs about it.
public struct StoredEpisode: Sendable, Equatable {
    public var id: EpisodeID
    public var podcast: PodcastID
    /// Every field the feed gave (its `id` is the guid).
    public var episode: Episode
    /// The listener's progress (`EpisodeStatus.unplayed` when never played).
    public var status: EpisodeStatus
    /// The length learned from the audio itself, in seconds, when known (feeds often omit it).
    public var learnedDuration: Double?
    /// Chapters fetched from the episode's chapters file or read from its audio; empty when none yet.
    public var storedChapters: [Chapter]

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
    public var id: EpisodeID
    public var podcast: PodcastID
    public var podcastTitle: String?
    public var guid: String
    public var title: String?
    public var releaseDate: Date?
    /// The feed's duration, else the learned one, in seconds.
    public var duration: Double?
    public var status: EpisodeStatus
    public var isPlayable: Bool
    public var soundURL: URL?
    public var link: URL?

    public init(id: EpisodeID, podcast: PodcastID, podcastTitle: String?, guid: String, title: String?,
                releaseDate: Date?, duration: Double?, status: EpisodeStatus, isPlayable: Bool, soundURL: URL?,
                link: URL?) {
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
    }
}

/// The current episode as stored: which one, of which podcast, and its progress.
public struct CurrentEpisode: Sendable, Equatable {
    public var episode: EpisodeID
    public var podcast: PodcastID
    public var status: EpisodeStatus

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
