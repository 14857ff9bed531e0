import EarshotCore
import EarshotPlayback
import Foundation

/// The GStreamer `PlaybackEngine` as an `AudioEngine`.
public final class PlaybackEngineDriver: AudioEngine, PlaybackEngineDelegate {
    /// The engine driven.
    public let engine: PlaybackEngine
    public var onEvent: (PlaybackEvent, LoadStamp) -> Void = { _, _ in }
    public var onListeningEvent: (ListeningEvent, LoadStamp) -> Void = { _, _ in }

    /// Drives `engine` and becomes its delegate.
    public init(_ engine: PlaybackEngine) {
        self.engine = engine
        engine.delegate = self
    }

    public var state: PlaybackState { engine.state }
    public var position: Duration? { engine.position }
    public var duration: Duration? { engine.duration }
    public var rate: Double { engine.rate }
    public var volume: Double { engine.volume }
    public func load(uri: URL, startAt: Duration) -> LoadStamp { engine.load(uri: uri, startAt: startAt) }
    public func play() { engine.play() }
    public func pause() { engine.pause() }
    public func stop() { engine.stop() }
    public func seek(to target: Duration) { engine.seek(to: target) }
    public func setRate(_ rate: Double) { engine.setRate(rate) }
    public func setVolume(_ volume: Double) { engine.setVolume(volume) }
    public var trimSilence: Bool {
        get { engine.trimSilence }
        set { engine.trimSilence = newValue }
    }
    public var voiceBoost: Bool {
        get { engine.voiceBoost }
        set { engine.voiceBoost = newValue }
    }
    public var timeSaved: Duration { engine.timeSaved }
    public func fade(to target: Double, over duration: Duration) { engine.fade(to: target, over: duration) }

    public func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent, of load: LoadStamp) { onEvent(event, load) }
    public func playbackEngine(_ engine: PlaybackEngine, didEmit event: ListeningEvent, of load: LoadStamp) {
        onListeningEvent(event, load)
    }
}
