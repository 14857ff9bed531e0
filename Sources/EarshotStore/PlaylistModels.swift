import Foundation

/// A smart playlist's rules: which episodes it holds, in which order, how many. Every rule that is set
/// must hold (they are ANDed); a rule left unset lets every episode through. Only episodes with audio
/// are ever in a playlist. Stored as JSON in `smartPlaylist.rules` (schema v13).
public struct PlaylistRules: Sendable, Equatable, Codable {
    /// Only these podcasts' episodes (empty: every podcast's).
    public var podcasts: [PodcastID] = []
    /// Never these podcasts' episodes.
    public var excludedPodcasts: [PodcastID] = []
    /// The listening states let through (empty: any). Several are either one or the other.
    public var states: Set<ListeningState> = []
    /// Downloaded (true), not downloaded (false), either (nil).
    public var downloaded: Bool?
    /// Starred (true), not starred (false), either (nil).
    public var starred: Bool?
    /// In the inbox (true), not in it (false), either (nil).
    public var inInbox: Bool?
    /// At least this many seconds long (an episode of unknown length is left out by a length rule).
    public var minimumSeconds: Double?
    /// At most this many seconds long.
    public var maximumSeconds: Double?
    /// Published within this many seconds before now (an undated episode is left out by an age rule).
    public var publishedWithinSeconds: Double?
    /// Published more than this many seconds before now.
    public var publishedBeforeSeconds: Double?
    /// Words that must all be in the title, the notes, or one line of the transcript.
    public var titleWords: String?
    public var notesWords: String?
    public var saidWords: String?
    /// The order of the episodes.
    public var order: PlaylistOrder = .newest
    /// At most this many episodes.
    public var limit: Int = PlaylistRules.defaultLimit

    /// The limit when none is given, and the largest one allowed (a playlist is for playing, and
    /// playing one puts its episodes into Up Next).
    public static let defaultLimit = 100, largestLimit = 1_000

    public init() {}
}

/// Where an episode stands in the listening.
public enum ListeningState: String, Sendable, Equatable, Codable, CaseIterable {
    /// Never started.
    case unplayed
    /// Started, not finished.
    case inProgress = "in-progress"
    /// Listened to its end (or marked played).
    case played
}

/// The orders a smart playlist's episodes can be in.
public enum PlaylistOrder: String, Sendable, Equatable, Codable, CaseIterable {
    /// The newest release first (undated episodes last).
    case newest
    /// The oldest release first (undated episodes last).
    case oldest
    /// The shortest first (episodes of unknown length last).
    case shortest
    /// The longest first (episodes of unknown length last).
    case longest
    /// By podcast (by title), each podcast's episodes oldest first, as a podcast plays.
    case podcast
}

/// A stored smart playlist.
public struct SmartPlaylist: Sendable, Equatable {
    /// Its row id: its MPRIS playlist is `/org/earshot/playlist/smart/<id>`.
    public let id: Int64
    public var name: String
    public var rules: PlaylistRules
    public var createdAt: Date
    /// When it was last played (nil: never).
    public var playedAt: Date?

    public init(id: Int64, name: String, rules: PlaylistRules, createdAt: Date, playedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.rules = rules
        self.createdAt = createdAt
        self.playedAt = playedAt
    }
}

/// A podcast in a playlist's stored rules is its row id.
extension FeedID: Codable {
    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int64.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
