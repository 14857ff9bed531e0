import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// Saving the listener's place: on pause, stop, a seek, a change of episode, quit and signals, and every
/// 5 seconds while playing. Writes go to the background; the loop never waits for them.
extension Player {
    /// How often progress is saved while playing.
    static let progressInterval: Duration = .seconds(5)

    /// Saves the current episode's position now. `leaving` applies the finishing rule (the listener is
    /// moving away from the episode: stop, another episode, quit).
    public func saveProgress(leaving: Bool = false) {
        guard let current, loaded, let position = engine.position else { return }
        let seconds = position.inSeconds
        let duration = engine.duration.map(\.inSeconds) ?? current.learnedDuration ?? current.episode.duration
        let finished = leaving && ProgressRules.isFinished(leavingAt: seconds, duration: duration)
        listeningReached(seconds)
        recordProgress(of: current.id, position: finished ? 0 : seconds, completed: finished)
    }

    /// Records progress here at once and in the store in the background.
    func recordProgress(of episode: EpisodeID, position: Double, completed: Bool) {
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
        background.run { Self.log { try store.saveProgress(of: episode, position: position, completed: saved.hasCompleted, at: now) } }
        library.notePlayed(current?.podcast, at: now)
        events.publish(.progressSaved(episode, status))
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

    /// Stores Up Next as it is now, and says it changed.
    func saveUpNext() {
        let store = self.store, episodes = upNext.episodes
        background.run { Self.log { try store.saveEpisodeList(.upNext, episodes) } }
        events.publish(.upNextChanged)
    }

    func saveHistory() {
        let store = self.store, episodes = history
        background.run { Self.log { try store.saveEpisodeList(.history, episodes) } }
    }

    /// Up Next and the history as stored (at start-up), and when Up Next last played.
    public func restoreLists() {
        let queued = (try? store.listEpisodes(store.episodeList(.upNext))) ?? []
        upNext = UpNext(queued.map { UpNext.Item(episode: $0.id, podcast: $0.podcast) })
        history = (try? store.episodeList(.history)) ?? []
        upNextPlayedAt = ((try? store.settings(for: nil))?[Self.upNextPlayedKey]).flatMap(Double.init)
            .map(Date.init(timeIntervalSince1970:))
    }

    /// Where the store keeps `upNextPlayedAt` (among the library-wide values; not a setting).
    static let upNextPlayedKey = "state.up-next-played-at"

    /// An episode from Up Next became current: Up Next was played now.
    func notePlayedFromUpNext() {
        let now = timers.date
        upNextPlayedAt = now
        let store = self.store, key = Self.upNextPlayedKey
        background.run { Self.log { try store.saveSetting(key, value: String(now.timeIntervalSince1970), for: nil) } }
    }
}
