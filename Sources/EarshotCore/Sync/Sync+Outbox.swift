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
            libraryGrew = true
            if saved.isNew, syncURLs[podcast.id] == nil {
                let url = podcast.url.absoluteString
                syncURLs[podcast.id] = url
                if !subscribingFromServer.contains(url), !session.library.isDemo(podcast.id) { queue([.subscribed(url)]) }
            }
        case .podcastRemoved(let podcast, _):
            if let url = syncURLs.removeValue(forKey: podcast), !applyingRemote, !session.library.isDemo(podcast) {
                queue([.unsubscribed(url)])
            }
        case .listened(let record):
            if let action = playAction(for: record) { queue([.action(action)]) }
            if heldForPlaying > 0 { retryWaiting() }
        case .marked(let episodes, let played):
            marked(episodes, played: played)
        case .newEpisodes:
            libraryGrew = true
        case .refreshFinished:
            run()
        case .nowPlayingChanged, .episodeChanged, .seeked, .upNextChanged, .progressSaved, .podcastsChanged, .settingChanged,
             .downloaded, .placesSynced:
            break
        }
    }

    /// A stretch of listening as a `play` action: where it started and stopped, of the episode's length.
    private func playAction(for record: ListeningRecord) -> EpisodeAction? {
        guard let sound = record.soundURL, let podcast = record.podcast.flatMap({ syncURLs[$0] }) ?? record.podcastURL?.absoluteString
        else { return nil }
        let total = listening.length(record.episode).map { Int($0.rounded()) }
        var position = Int(record.endPosition.rounded(.down))
        if record.finished, let total { position = total }
        let started = min(Int(record.startPosition.rounded(.down)), position)
        return EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: record.episodeGUID, kind: .play,
                             timestamp: record.endedAt, started: started, position: position, total: total.map { max($0, position) })
    }

    /// Marked played: a `play` to the end; marked unplayed: `new`.
    private func marked(_ episodes: [EpisodeID], played: Bool) {
        let store = self.store, now = session.timers.date, urls = syncURLs
        background({ try store.listEpisodes(episodes) }) { [weak self] listings in
            let actions = listings.compactMap { listing -> SyncChange? in
                guard let sound = listing.soundURL, let podcast = urls[listing.podcast] else { return nil }
                // A length nobody learned yet: 1 of 1 second still says "to the end".
                let total = max(1, listing.duration.map { Int($0.rounded()) } ?? 1)
                return .action(played
                    ? EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: listing.guid, kind: .play, timestamp: now,
                                    started: 0, position: total, total: total)
                    : EpisodeAction(podcast: podcast, episode: sound.absoluteString, guid: listing.guid, kind: .new, timestamp: now))
            }
            self?.queue(actions)
        }
    }

    /// Puts changes into the outbox (those of podcasts other devices cannot reach left out) and syncs
    /// shortly.
    private func queue(_ changes: [SyncChange]) {
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
