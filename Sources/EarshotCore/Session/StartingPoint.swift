import EarshotStore

/// Where playback starts when the daemon starts.
public enum StartingPoint: Equatable, Sendable {
    /// The stored current episode, restored where it was left.
    case episode(EpisodeID)
    /// A podcast used for the first time: its newest episode, paused at the start.
    case newest(PodcastID)
    /// An empty library.
    case nothing
}
