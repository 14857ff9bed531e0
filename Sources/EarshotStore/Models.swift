import EarshotFeed
import Foundation

/// The database identity of a stored feed; stable for the life of the database, also across `Store.moveFeed`.
public struct FeedID: Hashable, Sendable, CustomStringConvertible {
    /// The feed row's `id`.
    public let rawValue: Int64

    /// The identity with the given row id.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// `feed #<id>`, for log lines and error messages.
    public var description: String { "feed #\(rawValue)" }
}

/// What the listener has done with one episode (the seed's "Tracking Playback Progress").
public struct EpisodeStatus: Sendable, Equatable {
    /// Where listening stopped, in seconds from the start.
    public var lastListenTime: Double
    /// When the episode was last listened to, or nil if never.
    public var lastPlayedAt: Date?
    /// Whether the episode was listened to the end.
    public var hasCompleted: Bool
    /// Whether this is the episode the player has loaded (at most one in the whole database).
    public var isCurrentlyPlaying: Bool

    /// When the listener starred the episode (kept: never tidied away), or nil.
    public var starredAt: Date?
    /// A status with the given fields; the defaults describe an episode nobody has started.
    public init(lastListenTime: Double = 0, lastPlayedAt: Date? = nil, hasCompleted: Bool = false, isCurrentlyPlaying: Bool = false,
                starredAt: Date? = nil) {
        self.lastListenTime = lastListenTime
        self.lastPlayedAt = lastPlayedAt
        self.hasCompleted = hasCompleted
        self.isCurrentlyPlaying = isCurrentlyPlaying
        self.starredAt = starredAt
    }

    /// Whether the listener started the episode and did not finish it.
    public var isInProgress: Bool { !hasCompleted && lastListenTime > 0 }

    /// The status of an episode without a stored status: never played.
    public static let unplayed = EpisodeStatus()
}

/// What the daemon keeps in memory of one stored episode: enough to order episodes and move between
/// them. Everything else (title, show notes, links…) is read with `Store.storedEpisode(_:)` when the
/// episode becomes current, so a 5,000-episode feed costs a few hundred kilobytes, not its show notes.
public struct EpisodeEntry: Sendable, Equatable {
    /// The episode's identity (its guid in the feed).
    public var id: String
    /// When it was released, when the feed says so in a readable form.
    public var releaseDate: Date?
    /// Whether it has a sound URL (episodes without one cannot be played).
    public var isPlayable: Bool
    /// The episode's identity in the store (its row id), unique across podcasts; 0 for an entry that
    /// was not read from the store (row ids start at 1).
    public var key: EpisodeID

    /// An entry with the given fields.
    public init(id: String, releaseDate: Date? = nil, isPlayable: Bool = true, key: EpisodeID = EpisodeID(rawValue: 0)) {
        self.id = id
        self.releaseDate = releaseDate
        self.isPlayable = isPlayable
        self.key = key
    }
}

/// A stored feed in outline: the feed row and one `EpisodeEntry` per episode. This is what a running
/// daemon holds.
public struct FeedOutline: Sendable, Equatable {
    /// The feed's identity in the store.
    public var id: FeedID
    /// Where the feed lives now (after any `Store.moveFeed`).
    public var url: URL
    /// ETag / Last-Modified to send with the next conditional GET.
    public var validators: FeedValidators
    /// The channel's own fields (title, author, link, description, image, newFeedURL); its `episodes`
    /// are empty: see `episodes`.
    public var channel: Channel
    /// Every stored episode in outline: those of the latest fetch in feed order, then those that have
    /// since left the feed.
    public var episodes: [EpisodeEntry]
    /// When the feed was last fetched or confirmed unchanged (a 304), or nil if never.
    public var lastCheckedAt: Date?

    /// An outline with the given fields.
    public init(id: FeedID, url: URL, validators: FeedValidators, channel: Channel, episodes: [EpisodeEntry],
                lastCheckedAt: Date? = nil) {
        self.id = id
        self.url = url
        self.validators = validators
        self.channel = channel
        self.episodes = episodes
        self.lastCheckedAt = lastCheckedAt
    }
}
