import EarshotGLib
import EarshotStore
import Foundation

/// Recording the history of listening as it happens: a stretch starts when the current episode plays
/// and ends when it pauses, stops, ends or another episode becomes current; a seek is not listening.
/// The row of the stretch in progress is written whenever progress is saved (every 5 seconds while
/// playing), so a crash loses at most those seconds, like the listener's place.
extension Playhead {
    /// Starts or ends the stretch to match whether the current episode plays (after any change).
    func followListening() {
        let playing = loaded && engine.state == .playing
        if playing, stretch == nil {
            beginListening()
        } else if !playing, stretch != nil {
            endListening()
        }
    }

    private func beginListening() {
        guard let current else { return }
        let id = (lastListeningID ?? ((try? store.lastListeningID()) ?? 0)) + 1
        lastListeningID = id
        let position = engine.position?.inSeconds ?? current.status.lastListenTime
        stretch = ListeningStretch(id: id, episode: current, podcast: library.podcast(current.podcast), device: device,
                                   date: timers.date, now: timers.now, position: position, timeSaved: engine.timeSaved,
                                   rate: engine.rate, skipped: introSkipped)
        introSkipped = 0
        saveListening()
    }

    /// The listener is moving to `target` seconds: the audio up to here counts.
    func listeningMoved(to target: Double) {
        guard stretch != nil else { return }
        listeningReached(engine.position?.inSeconds)
        if let from = stretch?.lastPosition { stretch?.moved(from: from, to: target) }
    }

    /// Listening reached `position` (where the engine is, when nil); the stretch's row is saved.
    func listeningReached(_ position: Double?) {
        guard let lastPosition = stretch?.lastPosition else { return }
        stretch?.reached(position ?? lastPosition, now: timers.now, timeSaved: engine.timeSaved, rate: engine.rate)
        saveListening()
    }

    /// The stretch ends where the engine is (or where it was last seen: a stopped engine has no place).
    func endListening() {
        guard stretch != nil else { return }
        listeningReached(engine.position?.inSeconds)
        if let record = stretch?.record { events.publish(.listened(record)) }
        stretch = nil
    }

    /// The stretch ends with the episode finished where the engine is (else at `end`); the outro rule
    /// skipped `skipped`.
    func finishListening(at end: Double?, skipping skipped: Double) {
        guard stretch != nil else { return }
        stretch?.finish(skipping: skipped)
        listeningReached(engine.position?.inSeconds ?? end)
        currentUse = EpisodeUse(count: currentUse.count + 1, last: stretch?.record.endedAt)
        if let record = stretch?.record { events.publish(.listened(record)) }
        stretch = nil
    }

    private func saveListening() {
        guard let record = stretch?.record else { return }
        let store = self.store
        background.run { StoreWork.log { try store.saveListening(record) } }
    }
}
