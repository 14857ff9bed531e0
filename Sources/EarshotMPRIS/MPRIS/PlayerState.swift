/// `PlaybackStatus`: the three states MPRIS knows.
public enum PlaybackStatus: String, Sendable, Equatable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
}

/// A snapshot of everything the MPRIS adapter announces about the player (all of the Player
/// interface's properties except Position, which is read separately because it changes continuously
/// and is never announced).
public struct PlayerState: Sendable, Equatable {
    /// Playing, Paused or Stopped.
    public var playbackStatus: PlaybackStatus
    /// The current episode, or nil when there is none (Metadata is then an empty map, and CanPlay,
    /// CanPause, CanSeek are false).
    public var episode: EpisodeMetadata?
    /// The playback rate (1.0 normal).
    public var rate: Double
    /// The volume (0.0 silent, 1.0 full).
    public var volume: Double
    /// The lowest rate the engine accepts (MPRIS requires ≤ 1.0).
    public var minimumRate: Double
    /// The highest rate the engine accepts (MPRIS requires ≥ 1.0).
    public var maximumRate: Double
    /// Whether Next would move to another episode.
    public var canGoNext: Bool
    /// Whether Previous would move to another episode.
    public var canGoPrevious: Bool
    /// Whether the current episode can be seeked (false while its duration is unknown, for a stream…).
    public var canSeek: Bool

    /// A state; by default stopped, no episode, rate and volume 1, rates 0.5–3.0.
    public init(
        playbackStatus: PlaybackStatus = .stopped, episode: EpisodeMetadata? = nil, rate: Double = 1.0,
        volume: Double = 1.0, minimumRate: Double = 0.5, maximumRate: Double = 3.0, canGoNext: Bool = false,
        canGoPrevious: Bool = false, canSeek: Bool = false
    ) {
        self.playbackStatus = playbackStatus
        self.episode = episode
        self.rate = rate
        self.volume = volume
        self.minimumRate = minimumRate
        self.maximumRate = maximumRate
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.canSeek = canSeek
    }
}
