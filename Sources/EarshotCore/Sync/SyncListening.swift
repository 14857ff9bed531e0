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

/// The episode playing now, written on the loop as the session's events come and read off it when
/// received actions are taken (an action for it waits until it no longer plays).
final class PlayingNow: @unchecked Sendable {  // the value is guarded by the lock
    private let lock = NSLock()
    private var value: EpisodeID?

    var episode: EpisodeID? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
