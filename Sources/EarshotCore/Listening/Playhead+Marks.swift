import EarshotStore
import Foundation

/// The playhead's side of changes made to episodes elsewhere: marked played or unplayed, starred, or
/// moved by sync. What this session remembered of their progress gives way to the store's.
extension Playhead {
    /// The store marked `episodes` played or unplayed; whether the current episode is one of them (its
    /// place is then the end or the start).
    func marked(_ episodes: [EpisodeID], played: Bool) -> Bool {
        for episode in episodes { recentProgress[episode] = nil }
        guard let current, episodes.contains(current.id) else { return false }
        let duration = length?.inSeconds ?? current.learnedDuration ?? current.episode.duration ?? 0
        self.current?.status = EpisodeStatus(lastListenTime: played ? duration : 0, lastPlayedAt: timers.date, hasCompleted: played,
                                             isCurrentlyPlaying: true, starredAt: current.status.starredAt)
        return true
    }

    /// The store starred (or unstarred, when `date` is nil) `episodes`.
    func starred(_ episodes: [EpisodeID], at date: Date?) {
        for episode in episodes { recentProgress[episode]?.starredAt = date }
        guard let current, episodes.contains(current.id) else { return }
        self.current?.status.starredAt = date
        changed()
    }

    /// Sync changed these episodes' places in the store: what this session remembered of them is older,
    /// and the current episode (never one that plays: sync waits for it) moves to its new place.
    func placesChanged(_ episodes: Set<EpisodeID>) {
        for episode in recentProgress.keys where episodes.contains(episode) { recentProgress[episode] = nil }
        guard let current, episodes.contains(current.id), status != .playing,
              let stored = try? store.storedEpisode(current.id) else { return }
        self.current?.status = stored.status
        if isOpen {
            let start = ProgressRules.startPosition(lastListenTime: stored.status.lastListenTime, hasCompleted: stored.status.hasCompleted)
            engine.seek(to: .milliseconds(Int64(start * 1000)))
            publish(.jumped)
        }
        changed()
    }

    /// A refresh or a merge brought a fresher copy of the current episode (`id`, of `podcast`): its
    /// fields are the store's, its progress and learned length the ones known here.
    func refreshCurrent(as id: EpisodeID, of podcast: PodcastID) -> Bool {
        guard let current, let fresh = try? store.storedEpisode(id) else { return false }
        self.current = StoredEpisode(id: id, podcast: podcast, episode: fresh.episode, status: current.status,
                                     learnedDuration: current.learnedDuration ?? fresh.learnedDuration,
                                     storedChapters: fresh.storedChapters)
        return true
    }

    /// The current episode now belongs to `podcast` (its podcast was merged into that one).
    func moveCurrent(to podcast: PodcastID) { current?.podcast = podcast }
}
