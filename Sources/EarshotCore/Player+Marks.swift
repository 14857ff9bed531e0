import EarshotGLib
import EarshotStore
import Foundation

/// The player's side of marking episodes: marked played, they leave Up Next, and the current one gives
/// way to the next episode as if it had ended (keeping Playing, Paused or Stopped); marked unplayed, the
/// current one goes back to its start.
extension Player {
    /// The store marked `episodes` played or unplayed.
    func marked(_ episodes: [EpisodeID], played: Bool) {
        for episode in episodes { recentProgress[episode] = nil }
        let date = timers.date
        if played, upNext.remove(Set(episodes)) { saveUpNext() }
        guard let current, episodes.contains(current.id) else { return changed() }
        let duration = length?.inSeconds ?? current.learnedDuration ?? current.episode.duration ?? 0
        self.current?.status = EpisodeStatus(lastListenTime: played ? duration : 0, lastPlayedAt: date, hasCompleted: played,
                                             isCurrentlyPlaying: true, starredAt: current.status.starredAt)
        if played {
            moveOnFromMarked()
        } else if loaded, engine.state != .stopped {
            seek(to: .zero)
        } else {
            changed()
        }
    }

    /// The current episode was marked played: nothing more of it is saved, and the next one takes its
    /// place in the same state.
    private func moveOnFromMarked() {
        let wasPlaying = status == .playing, wasPaused = status == .paused
        endListening()
        engine.stop()
        currentLoad = nil
        guard let next = nextEpisode else { return changed() }
        do {
            try select(next, play: wasPlaying ? true : nil, remember: true)
            if wasPaused { load(play: false) }
            changed()
        } catch {
            Log.warning("cannot move on to the next episode: \(error)")
            changed()
        }
    }

    /// The store starred (or unstarred, when `date` is nil) `episodes`.
    func starred(_ episodes: [EpisodeID], at date: Date?) {
        for episode in episodes { recentProgress[episode]?.starredAt = date }
        guard let current, episodes.contains(current.id) else { return }
        self.current?.status.starredAt = date
        changed()
    }
}

extension Player {
    /// Sync changed these episodes' places in the store: what this session remembered of them is older,
    /// and the current episode (never one that plays: sync waits for it) moves to its new place.
    func placesChanged(_ episodes: Set<EpisodeID>) {
        for episode in recentProgress.keys where episodes.contains(episode) { recentProgress[episode] = nil }
        guard let current, episodes.contains(current.id), status != .playing,
              let stored = try? store.storedEpisode(current.id) else { return }
        self.current?.status = stored.status
        if loaded, engine.state != .stopped {
            let start = ProgressRules.startPosition(lastListenTime: stored.status.lastListenTime, hasCompleted: stored.status.hasCompleted)
            engine.seek(to: .milliseconds(Int64(start * 1000)))
            playheadMoved()
        }
        changed()
    }
}
