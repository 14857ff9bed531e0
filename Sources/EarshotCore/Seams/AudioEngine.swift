import EarshotPlayback
import Foundation

/// What listening (the playhead and the comforts) needs from audio playback. `PlaybackEngineDriver`
/// puts the GStreamer engine behind it; unit tests use a scripted double. Everything runs on the main
/// context's thread.
public protocol AudioEngine: AnyObject {
    /// Receives the engine's events, in order, never from inside a command call, each with the load it
    /// belongs to (events are delivered later than they happen: one may belong to an earlier load).
    var onEvent: (PlaybackEvent, LoadStamp) -> Void { get set }
    var state: PlaybackState { get }
    /// Where playback is (a pending seek's target while one is pending); nil when stopped.
    var position: Duration? { get }
    /// The length learned from the audio, once known.
    var duration: Duration? { get }
    var rate: Double { get }
    var volume: Double { get }
    /// Loads `uri` paused at `startAt`; the events of this load carry the stamp returned.
    func load(uri: URL, startAt: Duration) -> LoadStamp
    func play()
    func pause()
    func stop()
    func seek(to target: Duration)
    func setRate(_ rate: Double)
    func setVolume(_ volume: Double)

    // The listening comforts: they switch while playing without moving the position.
    /// Receives chapters found in the audio and the end of a fade, in order with `onEvent`.
    var onListeningEvent: (ListeningEvent, LoadStamp) -> Void { get set }
    /// Whether silences are shortened (kept across episodes).
    var trimSilence: Bool { get set }
    /// Whether quiet speech is lifted (kept across episodes).
    var voiceBoost: Bool { get set }
    /// How much sooner the current episode ends thanks to `trimSilence`, since it was loaded.
    var timeSaved: Duration { get }
    /// Ramps the volume to `target` over `duration`; `setVolume` stops it.
    func fade(to target: Double, over duration: Duration)
}
