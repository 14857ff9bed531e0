import EarshotGLib
import EarshotPlayback
import EarshotStore
import Foundation

/// What the engine reports: state changes start and stop the progress timer, a learned length is
/// stored, a landed seek is announced, the end of an episode moves on.
extension Player {
    func handle(_ event: PlaybackEvent) {
        switch event {
        case .stateChanged(let state):
            updateProgressTimer(playing: state == .playing)
            onChange()
        case .durationChanged(let duration):
            learn(duration)
            onChange()
        case .seekCompleted(let position):
            saveProgress()
            onSeeked(position)
        case .endOfStream:
            episodeEnded()
        case .buffering:
            break
        case .error(let error):
            Log.warning("playback: \(error)")
            loaded = engine.state != .stopped
            onChange()
        }
    }

    /// Stores the length the audio revealed when the feed's is missing or off by more than a second,
    /// so a restart shows the right length (and a seek bar) before anything plays.
    private func learn(_ duration: Duration) {
        guard let current else { return }
        let seconds = Self.seconds(duration)
        guard seconds > 0, abs((current.learnedDuration ?? current.episode.duration ?? -10) - seconds) > 1 else { return }
        self.current?.learnedDuration = seconds
        let store = self.store, id = current.id
        background.run { Self.log { try store.saveLearnedDuration(of: id, seconds: seconds) } }
    }
}
