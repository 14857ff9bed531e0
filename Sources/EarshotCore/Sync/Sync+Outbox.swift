import EarshotGLib
import EarshotStore
import EarshotSync
import Foundation

/// The changes made here become outbox entries at once (in the store: a `kill -9`, an outage or a week
/// offline loses none of them), each with the time it happened; a sync follows shortly. Changes sync
/// itself applied are not sent back.
extension Sync {
    /// Follows what happened in the session.
    func hear(_ event: SessionEvent) {
        receiving.episode = listening.playing()
        switch event {
        case .feedStored(let podcast, let saved, _):
            if saved.isNew || !saved.newEpisodes.isEmpty { libraryGrew = true }
            if saved.isNew, syncURLs[podcast.id] == nil {
                let url = podcast.url.absoluteString
                syncURLs[podcast.id] = url
                // While sync subscribes, whose it is (its address may have moved on the way) is known when that ends.
                if !subscribingFromServer.isEmpty {
                    storedWhileSubscribing.insert(podcast.id)
                } else if !session.library.isDemo(podcast.id) {
                    queue([.subscribed(url)])
                }
            }
        case .podcastRemoved(let podcast, _):
            if let url = syncURLs.removeValue(forKey: podcast), !applyingRemote, !session.library.isDemo(podcast) {
                queue([.unsubscribed(url)])
            }
        case .listened(let record):
            let podcast = record.podcast.flatMap { syncURLs[$0] }
            if let action = SyncActionText.play(record, podcast: podcast, length: listening.length(record.episode)) { queue([.action(action)]) }
            if heldForPlaying > 0 { retryWaiting() }
        case .marked(let episodes, let played):
            marked(episodes, played: played)
        case .newEpisodes:
            libraryGrew = true
        case .refreshFinished:
            run()
        case .nowPlayingChanged, .episodeChanged, .seeked, .upNextChanged, .progressSaved, .podcastsChanged, .settingChanged,
             .downloaded, .placesSynced, .transcription, .downloadsMoved, .downloadsDeleted, .starred, .dismissed:
            break
        }
    }

    /// Marked played: a `play` to the end; marked unplayed: `new`.
    private func marked(_ episodes: [EpisodeID], played: Bool) {
        let store = self.store, now = session.timers.date, urls = syncURLs
        background({ try store.listEpisodes(episodes) }) { [weak self] listings in
            self?.queue(SyncActionText.marked(listings, played: played, at: now, podcasts: urls).map(SyncChange.action))
        }
    }

    /// Puts changes into the outbox (those of podcasts other devices cannot reach left out) and syncs
    /// shortly.
    func queue(_ changes: [SyncChange]) {
        let changes = changes.filter { change in
            switch change {
            case .subscribed(let url), .unsubscribed(let url): SyncRules.isSyncable(url)
            case .action(let action): SyncRules.isSyncable(action.podcast)
            }
        }
        guard !changes.isEmpty else { return }
        let store = self.store
        background({ try store.appendOutbox(changes) }) { [weak self] in self?.soon() }
    }
}
