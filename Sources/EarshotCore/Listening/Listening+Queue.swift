import EarshotGLib
import EarshotStore
import Foundation

/// Changing Up Next (only episodes with audio can be queued; the current episode is never in it), and
/// listening's side of marking episodes: marked played, they leave Up Next, and the current one gives
/// way to the next episode as if it had ended (keeping Playing, Paused or Stopped); marked unplayed, the
/// current one goes back to its start.
extension Listening {
    /// Puts `episodes` into Up Next at `position` (0-based; nil: the end), in the order given.
    public func enqueue(_ episodes: [EpisodeID], at position: Int? = nil) throws(LibraryError) {
        try queue.enqueue(episodes, at: position, current: current?.id) { id throws(LibraryError) in try playhead.listing(id) }
        saveUpNext()
        changed()
    }

    /// Takes `episodes` out of Up Next; an episode that is not queued is an error.
    public func dequeue(_ episodes: [EpisodeID]) throws(LibraryError) {
        try queue.dequeue(episodes)
        saveUpNext()
        changed()
    }

    /// Moves a queued episode to `position` (0-based).
    public func moveQueued(_ episode: EpisodeID, to position: Int) throws(LibraryError) {
        try queue.move(episode, to: position)
        saveUpNext()
        changed()
    }

    public func clearQueue() {
        guard !upNext.isEmpty else { return }
        queue.upNext.clear()
        saveUpNext()
        changed()
    }

    // MARK: Marks

    /// The store marked `episodes` played or unplayed.
    func marked(_ episodes: [EpisodeID], played: Bool) {
        let isCurrent = playhead.marked(episodes, played: played)
        if played, queue.upNext.remove(Set(episodes)) { saveUpNext() }
        guard isCurrent else { return changed() }
        if played {
            moveOnFromMarked()
        } else if playhead.isOpen {
            seek(to: .zero)
        } else {
            changed()
        }
    }

    /// The current episode was marked played: nothing more of it is saved, and the next one takes its
    /// place in the same state.
    private func moveOnFromMarked() {
        let wasPlaying = status == .playing, wasPaused = status == .paused
        playhead.recorder.end()
        playhead.unload()
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
    func starred(_ episodes: [EpisodeID], at date: Date?) { playhead.starred(episodes, at: date) }

    /// Sync changed these episodes' places in the store: the current episode (never one that plays)
    /// moves to its new place.
    public func placesChanged(_ episodes: Set<EpisodeID>) { playhead.placesChanged(episodes) }
}
