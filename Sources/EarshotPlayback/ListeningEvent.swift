/// What the engine tells its owner about the listening comforts: chapters found in the audio and the end
/// of a fade. Delivered on the engine's context, in order with the `PlaybackEvent`s.
public enum ListeningEvent: Sendable, Equatable {
    /// The loaded episode's audio carries chapters (ID3v2 CHAP/CTOC in an MP3, or a table of contents a
    /// demuxer exposes); sent when they arrive, and again only if they change.
    case chaptersFound([AudioChapter])
    /// The fade started by `fade(to:over:)` reached its target volume (not sent for a cancelled fade).
    case fadeFinished
}

extension PlaybackEngineDelegate {
    /// By default the listening events are ignored.
    public func playbackEngine(_ engine: PlaybackEngine, didEmit event: ListeningEvent, of load: LoadStamp) {}
}
