import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// Saving the listener's place: on pause, stop, a landed seek, a change of episode, quit and signals,
/// and every 5 seconds while playing (never per position tick, and no timer while nothing plays).
extension Session {
    /// How often progress is saved while playing.
    static let progressInterval: UInt32 = 5000

    /// Saves the current episode's position now. `leaving` applies the finishing rule (the listener is
    /// moving away from the episode: stop, another episode, quit).
    public func saveProgress(leaving: Bool = false) {
        guard let episode = currentEpisode, loaded, let position = engine.position else { return }
        let seconds = Double(Self.microseconds(position)) / 1_000_000
        let duration = engine.duration.map { Double(Self.microseconds($0)) / 1_000_000 } ?? episode.duration
        let finished = leaving && ProgressRules.isFinished(leavingAt: seconds, duration: duration)
        recordProgress(of: episode, position: finished ? 0 : seconds, completed: finished)
    }

    func recordProgress(of episode: Episode, position: Double, completed: Bool) {
        let now = Date()
        var status = statuses[episode.id] ?? EpisodeStatus(lastListenTime: 0, lastPlayedAt: nil, hasCompleted: false,
                                                            isCurrentlyPlaying: false)
        status.lastListenTime = position
        status.lastPlayedAt = now
        status.hasCompleted = completed || (status.hasCompleted && position == 0)
        statuses[episode.id] = status
        do {
            try store.saveProgress(feed: feed.id, episode: episode.id, position: position, completed: status.hasCompleted, at: now)
        } catch {
            Log.warning("could not save progress: \(error)")
        }
    }

    func updateProgressTimer(playing: Bool) {
        if playing, progressTimer == nil {
            progressTimer = context.addTimeout(milliseconds: Self.progressInterval) { [weak self] in
                self?.saveProgress()
                return true
            }
        } else if !playing, let timer = progressTimer {
            timer.cancel()
            progressTimer = nil
        }
    }
}
