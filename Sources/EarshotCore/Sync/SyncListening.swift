import EarshotStore
import Foundation

/// What sync asks of the listening part, given by the session (sync never reaches into it): which
/// episode plays right now, and how long an episode is as this session knows it.
struct SyncListening {
    /// The episode playing now (nil: none plays).
    var playing: () -> EpisodeID?
    /// An episode's length in seconds as listening knows it (the engine's for the one loaded, else the
    /// current episode's from its feed); nil when unknown.
    var length: (EpisodeID?) -> Double?
}

/// What the loop tells the store's work on received actions, which runs off it: the episode playing
/// now (written as the session's events come; an action for it waits until it no longer plays), and
/// whether this sync was stopped (logged out, or another account: a reply that arrives after that is
/// not taken, and its cursor not kept).
final class ReceivingState: @unchecked Sendable {  // the values are guarded by the lock
    private let lock = NSLock()
    private var playing: EpisodeID?
    private var stopped = false

    var episode: EpisodeID? {
        get { lock.withLock { playing } }
        set { lock.withLock { playing = newValue } }
    }

    var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }
}
