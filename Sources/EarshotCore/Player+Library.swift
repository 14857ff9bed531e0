import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// The player's side of library changes: new episodes join Up Next when their podcast auto-queues,
/// a refreshed current podcast keeps its episode, a removed podcast leaves Up Next.
extension Player {
    /// The podcast of the current episode.
    public var currentPodcast: PodcastID? { current?.podcast }

    /// The library's events the player follows.
    func hear(_ event: SessionEvent) {
        switch event {
        case .feedStored(let podcast, let saved, let outline): stored(podcast, saved: saved, outline: outline)
        case .podcastRemoved(let podcast, _): removed(podcast)
        case .settingChanged(let key, let podcast): settingChanged(key, of: podcast)
        default: break
        }
    }

    private func stored(_ podcast: PodcastSummary, saved: SavedFeed, outline: FeedOutline?) {
        if let merge = saved.merged { follow(merge) }
        if podcast.id == current?.podcast, let outline {
            order = PlayOrder(feedOrder: outline.episodes)
            if let current, let fresh = try? store.storedEpisode(current.id) {
                self.current = StoredEpisode(id: fresh.id, podcast: fresh.podcast, episode: fresh.episode, status: current.status,
                                             learnedDuration: current.learnedDuration ?? fresh.learnedDuration,
                                             storedChapters: fresh.storedChapters)
            }
        }
        if !saved.isNew, !saved.newEpisodes.isEmpty, library.autoQueue(podcast.id) {
            let playable = (try? store.listEpisodes(saved.newEpisodes).filter(\.isPlayable)) ?? []
            let items = playable.map { UpNext.Item(episode: $0.id, podcast: $0.podcast) }
                .filter { $0.episode != current?.id }
            if !items.isEmpty {
                upNext.insert(items)
                saveUpNext()
            }
        }
        let onDemo = current == nil || (current?.podcast).map { library.isDemo($0) } == true
        if onDemo, saved.isNew, !library.isDemo(podcast.id), status != .playing {
            selectNewest(of: podcast.id)
        }
        changed()
    }

    private func removed(_ podcast: PodcastID) {
        if upNext.remove(podcast: podcast) { saveUpNext() }
        if current?.podcast == podcast { order = nil }
        changed()
    }

    /// One podcast was merged into another: Up Next, the history and the current episode name the
    /// episodes that stand for the merged ones now (the audio playing is the same), and the play order is
    /// the kept podcast's.
    private func follow(_ merge: PodcastMerge) {
        let moved = Set(merge.moved)
        let podcastOf = { (item: UpNext.Item) -> UpNext.Item in
            if let kept = merge.episodes[item.episode] { return UpNext.Item(episode: kept, podcast: merge.into) }
            return moved.contains(item.episode) ? UpNext.Item(episode: item.episode, podcast: merge.into) : item
        }
        let followed = UpNext(upNext.items.map(podcastOf))
        if followed != upNext {
            upNext = followed
            saveUpNext()
        }
        var seen = Set<EpisodeID>()
        history = history.map { merge.episodes[$0] ?? $0 }.reversed().filter { seen.insert($0).inserted }.reversed()
        saveHistory()
        guard let current, current.podcast == merge.from || current.podcast == merge.into else { return }
        if let kept = merge.episodes[current.id], let fresh = try? store.storedEpisode(kept) {
            self.current = StoredEpisode(id: kept, podcast: merge.into, episode: fresh.episode, status: current.status,
                                         learnedDuration: current.learnedDuration ?? fresh.learnedDuration,
                                         storedChapters: fresh.storedChapters)
            let store = self.store
            background.run { Self.log { try store.makeCurrent(kept) } }
            events.publish(.episodeChanged(from: current.id, to: kept))
        } else if moved.contains(current.id) {
            self.current?.podcast = merge.into
        }
        order = (try? store.outline(id: merge.into)).flatMap { $0 }.map { PlayOrder(feedOrder: $0.episodes) }
        changed()
    }

    /// Makes the newest playable episode of `podcast` current, paused unless playing (a podcast opened for
    /// the first time).
    public func selectNewest(of podcast: PodcastID) {
        guard let outline = try? store.outline(id: podcast) else { return }
        let order = PlayOrder(feedOrder: outline.episodes)
        guard let newest = order.newestPlayable else { return }
        do {
            try select(order.episodes[newest].key, play: nil, remember: true)
            if !loaded { load(play: false) }
        } catch {
            Log.warning("cannot select the newest episode: \(error)")
        }
    }
}
