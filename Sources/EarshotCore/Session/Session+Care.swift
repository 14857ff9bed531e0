import EarshotFeed
import EarshotLocale
import EarshotStore
import Foundation

/// Looking after the library: played state for one episode or a backlog, stars, queueing from the inbox
/// (`Inbox` keeps it), and the history and statistics of listening. Bulk work runs on the background; answers come back on the loop.
extension Session {
    // MARK: Played and unplayed

    /// Marks episodes played (their place at the end, out of Up Next and the inbox) or unplayed (their
    /// place at 0). `done` gets the episodes marked, newest first.
    public func mark(_ episodes: [EpisodeID], played: Bool, done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        mark(.episodes(episodes), played: played, done: done)
    }

    /// Marks every episode of `podcast`, or those released before `episode`, or before `date`.
    public func mark(podcast: PodcastID, played: Bool, before episode: EpisodeID? = nil, releasedBefore date: Date? = nil,
                     done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        guard library.podcast(podcast) != nil else { return done(.failure(.noSuchPodcast(podcast))) }
        guard let episode else { return mark(.podcast(podcast, releasedBefore: date), played: played, done: done) }
        let store = self.store
        background.run({ Result { try store.storedEpisode(episode) } }) { [weak self] found in
            switch found {
            case .success(let stored?) where stored.podcast == podcast:
                guard let released = stored.episode.releaseDate?.date else {
                    return done(.failure(.noEpisode(tr("“%s” has no release date to count from", stored.episode.title ?? tr("episode %d", Int(episode.rawValue))))))
                }
                self?.mark(.podcast(podcast, releasedBefore: min(released, date ?? released)), played: played, done: done)
            case .success(.some):
                done(.failure(.noEpisode(tr("episode %1$s is not an episode of podcast %2$s", "\(episode.rawValue)", "\(podcast.rawValue)"))))
            case .success(nil):
                done(.failure(.noSuchEpisode(episode)))
            case .failure(let error):
                done(.failure(.failed(tr("cannot read the library: %s", "\(error)"))))
            }
        }
    }

    private func mark(_ selection: EpisodeSelection, played: Bool, done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        let store = self.store, date = timers.date
        background.run({ Result { try store.mark(selection, played: played, at: date) } }) { [weak self] result in
            switch result {
            case .success(let marked):
                self?.listening.marked(marked, played: played)
                if !marked.isEmpty { self?.events.publish(.marked(marked, played: played)) }
                done(.success(marked))
            case .failure(let error):
                done(.failure(.failed(tr("cannot mark the episodes: %s", "\(error)"))))
            }
        }
    }

    // MARK: Stars

    /// Stars episodes (kept: never tidied away), or takes their stars away.
    public func star(_ episodes: [EpisodeID], starred: Bool, done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        let store = self.store, date = starred ? timers.date : nil
        background.run({ Result { try store.star(episodes, at: date) } }) { [weak self] result in
            switch result {
            case .success(let changed):
                let stored = Set(changed)
                if let missing = episodes.first(where: { !stored.contains($0) }) { return done(.failure(.noSuchEpisode(missing))) }
                self?.listening.starred(changed, at: date)
                self?.playlists?.libraryChanged()
                done(.success(changed))
            case .failure(let error):
                done(.failure(.failed(tr("cannot star the episodes: %s", "\(error)"))))
            }
        }
    }

    // MARK: The inbox

    /// Puts inbox episodes into Up Next (at the end, in the order given); they leave the inbox.
    public func queueFromInbox(_ episodes: [EpisodeID]) throws(LibraryError) {
        try enqueue(episodes)
    }

    // MARK: History and statistics

    /// The history since `since` (all when nil), latest first, at most `limit` rows.
    public func history(since: Date?, limit: Int?, done: @escaping (Result<[ListeningRecord], LibraryError>) -> Void) {
        let store = self.store
        background.run({ Result { try store.listening(since: since, limit: limit) } }) { result in
            done(result.mapError { .failed(tr("cannot read the history: %s", "\($0)")) })
        }
    }

    /// The statistics of listening since `since` (all when nil), computed from the history.
    public func stats(since: Date?, done: @escaping (Result<ListeningStats, LibraryError>) -> Void) {
        let store = self.store
        background.run({ Result { ListeningStats(try store.listeningTotals(since: since, timeZone: .current)) } }) { result in
            done(result.mapError { .failed(tr("cannot read the history: %s", "\($0)")) })
        }
    }
}
