import Foundation

/// Which episodes a listing shows.
public enum EpisodeFilter: String, Sendable, CaseIterable {
    /// Every episode.
    case all
    /// Not played to the end.
    case unplayed
    /// Played to the end (or marked so).
    case played
    /// Started and not finished.
    case inProgress = "in-progress"
    /// With a complete download.
    case downloaded
    /// Starred by the listener.
    case starred
    /// Waiting in the inbox.
    case inbox
}

/// The episodes a bulk change (marking played or unplayed) applies to.
public enum EpisodeSelection: Sendable, Equatable {
    /// These episodes.
    case episodes([EpisodeID])
    /// Every episode of a podcast, or only those released before `releasedBefore` (episodes without a
    /// readable release date are then left alone).
    case podcast(PodcastID, releasedBefore: Date?)
}

/// One stretch of listening to one episode, from play to pause (or the end, or another episode): a row
/// of the history. Its titles and addresses are copies, so it outlives its episode and podcast.
public struct ListeningRecord: Sendable, Equatable {
    /// Its identity, chosen by the player (the store keeps it).
    public var id: Int64
    /// The episode, while it is stored.
    public var episode: EpisodeID?
    /// The podcast, while the listener is subscribed.
    public var podcast: PodcastID?
    public var episodeTitle: String?
    public var podcastTitle: String?
    /// The episode's guid in its feed, and its audio and feed addresses (what sync names episodes by).
    public var episodeGUID: String?
    public var soundURL: URL?
    public var podcastURL: URL?
    /// The device it was heard on.
    public var device: String
    /// When listening started and ended (the difference is the wall time listened).
    public var startedAt: Date
    public var endedAt: Date
    /// Where in the episode it started and ended, in seconds.
    public var startPosition: Double
    public var endPosition: Double
    /// How much of the episode went by, in seconds of audio: the stretches between seeks added up.
    public var span: Double
    /// Seconds of audio within `span` that silence trimming left out.
    public var trimmed: Double
    /// Seconds of audio skipped by the intro and outro rules (not within `span`).
    public var skipped: Double
    /// The playback rate when it ended.
    public var rate: Double
    /// Whether it ended with the episode finished.
    public var finished: Bool

    /// A record with the given fields.
    public init(id: Int64, episode: EpisodeID?, podcast: PodcastID?, episodeTitle: String?, podcastTitle: String?,
                episodeGUID: String? = nil, soundURL: URL? = nil, podcastURL: URL? = nil, device: String,
                startedAt: Date, endedAt: Date, startPosition: Double, endPosition: Double, span: Double,
                trimmed: Double = 0, skipped: Double = 0, rate: Double = 1, finished: Bool = false) {
        self.id = id
        self.episode = episode
        self.podcast = podcast
        self.episodeTitle = episodeTitle
        self.podcastTitle = podcastTitle
        self.episodeGUID = episodeGUID
        self.soundURL = soundURL
        self.podcastURL = podcastURL
        self.device = device
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.startPosition = startPosition
        self.endPosition = endPosition
        self.span = span
        self.trimmed = trimmed
        self.skipped = skipped
        self.rate = rate
        self.finished = finished
    }

    /// Seconds of wall time listened.
    public var wallTime: Double { max(0, endedAt.timeIntervalSince(startedAt)) }
}

/// The history added up for one podcast, or for one month (the store's share of the statistics;
/// Core's `ListeningStats` names and orders them).
public struct ListeningTotals: Sendable, Equatable {
    /// The podcast (nil once unsubscribed: then `podcastTitle` tells them apart); nil for a month.
    public var podcast: PodcastID?
    public var podcastTitle: String?
    /// The month, local time, as `YYYY-MM`; nil for a podcast.
    public var month: String?
    public var sessions: Int
    /// Stretches that ended with the episode finished.
    public var finished: Int
    /// Seconds: wall time, audio gone by, trimmed within it, skipped beside it.
    public var wallTime: Double
    public var span: Double
    public var trimmed: Double
    public var skipped: Double

    /// Totals with the given fields.
    public init(podcast: PodcastID? = nil, podcastTitle: String? = nil, month: String? = nil, sessions: Int, finished: Int,
                wallTime: Double, span: Double, trimmed: Double, skipped: Double) {
        self.podcast = podcast
        self.podcastTitle = podcastTitle
        self.month = month
        self.sessions = sessions
        self.finished = finished
        self.wallTime = wallTime
        self.span = span
        self.trimmed = trimmed
        self.skipped = skipped
    }
}

/// The history added up both ways: per podcast and per month.
public struct ListeningBreakdown: Sendable, Equatable {
    public var podcasts: [ListeningTotals]
    public var months: [ListeningTotals]

    /// A breakdown with the given totals.
    public init(podcasts: [ListeningTotals], months: [ListeningTotals]) {
        self.podcasts = podcasts
        self.months = months
    }
}

/// How often an episode was played to the end, and when last (MPRIS's `xesam:useCount` and
/// `xesam:lastUsed`).
public struct EpisodeUse: Sendable, Equatable {
    public var count: Int
    public var last: Date?

    /// A use with the given fields; the default: never played to the end.
    public init(count: Int = 0, last: Date? = nil) {
        self.count = count
        self.last = last
    }
}
