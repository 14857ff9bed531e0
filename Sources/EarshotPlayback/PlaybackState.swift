/// What the owner of a `PlaybackEngine` sees: the state it asked for, not the pipeline's momentary one.
///
/// Internal pauses (buffering an HTTP stream, prerolling after a seek, waiting for a resume position) are
/// invisible here: while the owner wants playback the state stays `.playing`.
public enum PlaybackState: Sendable, Equatable, CustomStringConvertible {
    /// Nothing loaded, or stopped by `stop()`, an error, or the owner; position is unknown.
    case stopped
    /// Loaded and held at a position; ready to play.
    case paused
    /// Playing (or about to, as soon as the pipeline has prerolled or buffered).
    case playing

    /// "stopped", "paused" or "playing".
    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .paused: "paused"
        case .playing: "playing"
        }
    }
}
