import EarshotGLib
import EarshotStore
import Foundation

/// Saving the listener's place: on pause, stop, a seek, a change of episode, quit and signals, and every
/// 5 seconds while playing. Writes go to the background; the loop never waits for them.
extension Playhead {
    /// How often progress is saved while playing.
    static let progressInterval: Duration = .seconds(5)

    /// Saves the current episode's position now. `leaving` applies the finishing rule (the listener is
    /// moving away from the episode: stop, another episode, quit).
    func saveProgress(leaving: Bool = false) {
        guard let current, loaded, let position = engine.position else { return }
        let seconds = position.inSeconds
        let duration = engine.duration.map(\.inSeconds) ?? current.learnedDuration ?? current.episode.duration
        let finished = leaving && MediumRules.isFinished(leavingAt: seconds, duration: duration, medium: library.medium(of: current.podcast))
        recorder.reached(seconds)
        recordProgress(of: current.id, position: finished ? 0 : seconds, completed: finished)
    }

    /// Records progress here at once and in the store in the background; none for a live show on the air
    /// (a place in an endless stream is no place to come back to).
    func recordProgress(of episode: EpisodeID, position: Double, completed: Bool) {
        if isLive, current?.id == episode { return }
        let now = timers.date
        var status = recentProgress[episode] ?? (current?.id == episode ? current?.status : nil) ?? .unplayed
        status.lastListenTime = position
        status.lastPlayedAt = now
        status.hasCompleted = completed || (status.hasCompleted && position == 0)
        recentProgress[episode] = status
        if current?.id == episode { current?.status = status }
        // The episode of a podcast unsubscribed while it plays is no longer stored: nothing to save.
        if let podcast = current?.podcast, current?.id == episode, library.podcast(podcast) == nil { return }
        let store = self.store, saved = status
        background.run { StoreWork.log { try store.saveProgress(of: episode, position: position, completed: saved.hasCompleted, at: now) } }
        library.notePlayed(current?.podcast, at: now)
        events.publish(.progressSaved(episode, status))
    }

    /// The current episode ended: its stretch of listening is finished (the outro rule skipped
    /// `skipped`), it is completed with its place at 0, and nothing of it stays loaded.
    func finish(skipping skipped: Double) {
        if let current {
            if let record = recorder.finish(at: length?.inSeconds ?? engine.position?.inSeconds, skipping: skipped) {
                currentUse = EpisodeUse(count: currentUse.count + 1, last: record.endedAt)
                events.publish(.listened(record))
            }
            recordProgress(of: current.id, position: 0, completed: true)
        }
        currentLoad = nil
    }

    /// While playing, a one-shot timer saves progress every `progressInterval` (re-armed each time).
    func updateProgressTimer(playing: Bool) {
        if playing, progressTimer == nil {
            armProgressTimer()
        } else if !playing, let timer = progressTimer {
            timer.cancel()
            progressTimer = nil
        }
    }

    private func armProgressTimer() {
        progressTimer = timers.after(Self.progressInterval) { [weak self] in
            guard let self else { return }
            self.saveProgress()
            self.armProgressTimer()
        }
    }
}
