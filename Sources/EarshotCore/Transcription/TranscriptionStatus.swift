import EarshotStore
import Foundation

/// Where transcribing stands, for `earshot transcribe --status` and D-Bus `TranscriptionStatus`.
public struct TranscriptionStatus: Sendable, Equatable {
    /// The engine, once it described itself.
    public var engine: EngineDescription?
    /// Why there is no engine (what to run to set it up, or what it said), or nil.
    public var unavailable: TranscriberUnavailable?
    /// Whether the `transcribe` setting is on for the whole library.
    public var enabled: Bool
    /// Why transcribing waits (on battery, the power-saver profile), or nil.
    public var pausedBecause: String?
    /// The episode being heard now.
    public var running: Running?
    /// The episodes asked for by the listener, in order, then those waiting their turn (at most 50).
    public var queue: [EpisodeID]

    /// The episode being heard.
    public struct Running: Sendable, Equatable {
        public var episode: EpisodeID
        /// How much of it is heard, 0 to 1 (nil: its length is unknown).
        public var progress: Double?
        /// Seconds of audio heard per second of work so far (nil: too early to say).
        public var speed: Double?
        /// Seconds of work left at that speed (nil: unknown).
        public var secondsLeft: Double?
        /// Where it is in the episode, in seconds.
        public var heard: Double
    }
}
