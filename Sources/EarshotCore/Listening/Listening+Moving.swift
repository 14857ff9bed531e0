import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Moving between episodes: making one current (out of Up Next, into the store as current), loading it
/// where it was left, and what the end of an episode plays. The queue says which episode; the playhead
/// plays it.
extension Listening {
    /// Makes `id` current. Playing, Paused or Stopped stays as it was unless `play` says to play;
    /// `remember` puts the episode left into the history.
    func select(_ id: EpisodeID, play: Bool?, remember: Bool) throws(LibraryError) {
        guard let stored = try playhead.storedEpisode(id) else { throw .noSuchEpisode(id) }
        guard let sound = stored.episode.soundURL else {
            throw .soundURLMissing(tr("“%s” has no audio", stored.episode.title ?? tr("episode %d", Int(id.rawValue))))
        }
        if playhead.localFile(id) == nil, let problem = EnclosureAccess.problem(sound: sound, feed: library.podcast(stored.podcast)?.url) {
            throw .soundURLMissing(tr("“%1$s” is not played: %2$s", stored.episode.title ?? tr("episode %d", Int(id.rawValue)), problem))
        }
        let wasPlaying = status == .playing
        let wasStopped = !playhead.isOpen
        if !wasStopped { playhead.saveProgress(leaving: true) }
        playhead.recorder.end()
        if remember, playhead.currentWasPlayed, let left = current?.id, left != id {
            queue.remember(left)
            playhead.save(.history, queue.history)
        }
        becomeCurrent(stored)
        if play == true || (!wasStopped && play == nil) {
            load(play: play ?? wasPlaying)
        } else {
            playhead.unload()
        }
        changed()
    }

    /// Restores `episode` as current at start-up, paused at its saved place (nothing plays by itself).
    public func restore(_ episode: EpisodeID) throws(LibraryError) {
        try select(episode, play: false, remember: false)
        load(play: false)
    }

    /// Up Next and the history as stored (at start-up), and when Up Next last played.
    public func restoreLists() {
        let stored = playhead.storedQueue()
        queue = Queue(upNext: stored.queue.upNext, history: stored.queue.history, order: queue.order)
        upNextPlayedAt = stored.upNextPlayedAt
    }

    /// Makes `stored` the current episode: its podcast's order, out of Up Next, current in the store.
    private func becomeCurrent(_ stored: StoredEpisode) {
        if queue.order == nil || current?.podcast != stored.podcast { queue.order = playhead.order(of: stored.podcast) }
        let left = current?.id
        playhead.becomeCurrent(stored)
        if queue.upNext.remove([stored.id]) {
            saveUpNext()
            let now = timers.date
            upNextPlayedAt = now
            playhead.saveUpNextPlayed(now)
        }
        playhead.markCurrent(stored.id)
        if left != stored.id { events.publish(.episodeChanged(from: left, to: stored.id)) }
    }

    /// Loads the current episode at its resume position (after the intro when it starts from the
    /// beginning and its podcast skips intros).
    func load(play: Bool) { playhead.load(play: play, introEnd: profiler.introEnd) }

    /// At the end of an episode it is completed and the next one plays (Up Next first); after the
    /// newest with nothing queued: Stopped at 0. A sleep timer that ends here leaves the next episode
    /// paused at its start instead.
    func episodeEnded(skipping skipped: Double = 0) {
        playhead.finish(skipping: skipped)
        let sleeps = sleep.sleepsAtEpisodeEnd()
        if let next = nextEpisode {
            do {
                try select(next, play: !sleeps, remember: true)
                if sleeps { load(play: false) }
                return
            } catch {
                Log.warning("cannot play the next episode: \(error)")
            }
        }
        playhead.unload()
        changed()
    }

    /// Stores Up Next as it is now, and says it changed.
    func saveUpNext() {
        playhead.save(.upNext, queue.upNext.episodes)
        events.publish(.upNextChanged)
    }
}
