import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Listening's side of library changes: new episodes join Up Next when their podcast auto-queues, a
/// refreshed current podcast keeps its episode, a removed podcast leaves Up Next, a merged one is
/// followed; and OpenUri.
extension Listening {
    /// The library's events listening follows.
    func hear(_ event: SessionEvent) {
        switch event {
        case .feedStored(let podcast, let saved, let outline): stored(podcast, saved: saved, outline: outline)
        case .podcastRemoved(let podcast, _): removed(podcast)
        default: break
        }
    }

    private func stored(_ podcast: PodcastSummary, saved: SavedFeed, outline: FeedOutline?) {
        if let merge = saved.merged { follow(merge) }
        if podcast.id == current?.podcast, let outline {
            queue.order = PlayOrder(feedOrder: outline.episodes)
            if let current { _ = playhead.refreshCurrent(as: current.id, of: podcast.id) }
        }
        if !saved.isNew, !saved.newEpisodes.isEmpty, library.autoQueue(podcast.id),
           queue.queueNew(playhead.playableItems(saved.newEpisodes, medium: library.medium(of: podcast.id)), current: current?.id) {
            saveUpNext()
        }
        let onDemo = current == nil || (current?.podcast).map { library.isDemo($0) } == true
        if onDemo, saved.isNew, !library.isDemo(podcast.id), status != .playing {
            selectNewest(of: podcast.id)
        }
        changed()
    }

    private func removed(_ podcast: PodcastID) {
        if queue.removed(podcast, current: current?.podcast) { saveUpNext() }
        changed()
    }

    /// One podcast was merged into another: Up Next, the history and the current episode name the
    /// episodes that stand for the merged ones now (the audio playing is the same), and the play order is
    /// the kept podcast's.
    private func follow(_ merge: PodcastMerge) {
        if queue.follow(merge) { saveUpNext() }
        playhead.save(.history, queue.history)
        guard let current, current.podcast == merge.from || current.podcast == merge.into else { return }
        if let kept = merge.episodes[current.id], playhead.refreshCurrent(as: kept, of: merge.into) {
            playhead.markCurrent(kept)
            events.publish(.episodeChanged(from: current.id, to: kept))
        } else if Set(merge.moved).contains(current.id) {
            playhead.moveCurrent(to: merge.into)
        }
        queue.order = playhead.order(of: merge.into)
        changed()
    }

    /// Makes the newest playable episode of `podcast` current, paused unless playing (a podcast opened for
    /// the first time).
    public func selectNewest(of podcast: PodcastID) {
        guard let order = playhead.order(of: podcast), let newest = order.newestPlayable else { return }
        do {
            try select(order.episodes[newest].key, play: nil, remember: true)
            if !playhead.loaded { load(play: false) }
        } catch {
            Log.warning("cannot select the newest episode: \(error)")
        }
    }

    /// OpenUri: an episode's audio or page URL plays that episode; any other URL is a podcast's,
    /// subscribed to when new (through `subscribe`, which reaches the one feed-update pipeline) and
    /// opened at its newest episode.
    public func open(_ uri: String, subscribe: (String, @escaping (UpdateReport) -> Void) -> Void) throws(LibraryError) {
        if let id = try playhead.episode(matching: uri) {
            return try select(id, play: true, remember: true)
        }
        guard let url = URL(string: uri), url.scheme != nil else { throw .failed(tr("“%s” is not a URL", "\(uri)")) }
        if let podcast = library.podcast(url: url) {
            if podcast.id == currentPodcast { return try library.refresh([podcast.id]) }
            return selectNewest(of: podcast.id)
        }
        subscribe(uri) { [weak self] report in
            guard let self else { return }
            guard let podcast = report.podcast, report.error == nil else {
                let hint = report.needsPassword ? " (earshot add \(uri) asks for them on a terminal)" : ""
                return Log.warning("OpenUri \(uri): \(report.error ?? "not a feed")\(hint)")
            }
            if podcast != self.currentPodcast { self.selectNewest(of: podcast) }
        }
    }
}
