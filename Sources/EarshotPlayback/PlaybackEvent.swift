/// Something the engine tells its owner. Events are delivered on the engine's main context, in order,
/// never from inside a command call.
public enum PlaybackEvent: Sendable, Equatable {
    /// The owner-visible state changed.
    case stateChanged(PlaybackState)
    /// The duration of the current episode became known, or changed by at least half a second (VBR
    /// estimates get refined as the episode plays).
    case durationChanged(Duration)
    /// The newest seek (or the resume position of `load(uri:startAt:)`) landed; `position` is where
    /// playback now really is. Rate changes, which are seeks internally, do not produce this event.
    case seekCompleted(position: Duration)
    /// The episode played to its end; the engine is now paused at the end.
    case endOfStream
    /// Buffering progress of a network stream, 0–100; playback resumes by itself at 100.
    case buffering(percent: Int)
    /// The episode's audio opened after a load or a restart (the pipeline prerolled, or a live source
    /// started): it plays or waits, paused, and can seek. `error` is the other way a load ends.
    case opened
    /// Loading or playback failed; the engine is stopped and ready for another `load`.
    case error(PlaybackError)
}

/// Which `load(uri:startAt:)` an event belongs to: each load gets the next stamp, and every event carries
/// the stamp of the load that was current when it happened. Events are delivered an iteration later, so
/// an end of stream or an error of the previous episode can arrive after the next one was loaded; its
/// owner compares stamps and drops it.
public struct LoadStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The stamp of the load after this one.
    public var next: LoadStamp { LoadStamp(rawValue: rawValue &+ 1) }
    public static func < (a: LoadStamp, b: LoadStamp) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "load \(rawValue)" }
}

/// The one owner of a `PlaybackEngine` (in Earshot, the Core's `AudioEngine` adapter) receives its
/// events through this.
public protocol PlaybackEngineDelegate: AnyObject {
    /// Called on the engine's main context for each event, in the order they happened, with the load
    /// it belongs to.
    func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp)
    /// Called on the engine's main context for each listening event (chapters, fades), in order with the
    /// playback events; a default implementation ignores them.
    func playbackEngine(_ engine: PlaybackEngine, didEmit event: ListeningEvent, of load: LoadStamp)
}
