import EarshotLocale
import EarshotStore
import Foundation

/// The inbox: the new episodes a refresh found that auto-queue did not put in Up Next, until they are
/// queued, played or dismissed (the first fetch of a podcast and an import bring none: a backlog is not
/// news). Its list lives in the store; changes are written on the background, answers come back on the
/// loop.
public final class Inbox {
    private let store: LibraryStore
    private let background: Background
    private let listening: Listening
    private let timers: Timers

    init(store: LibraryStore, background: Background, listening: Listening, timers: Timers) {
        self.store = store
        self.background = background
        self.listening = listening
        self.timers = timers
    }

    /// New episodes a refresh found enter the inbox, unless Up Next has them or one is playing.
    func found(_ episodes: [EpisodeID]) {
        let queued = Set(listening.upNext.episodes)
        let fresh = episodes.filter { !queued.contains($0) && $0 != listening.current?.id }
        guard !fresh.isEmpty else { return }
        let store = self.store, date = timers.date
        background.run { StoreWork.log { try store.addToInbox(fresh, at: date) } }
    }

    /// Episodes leave the inbox (queued, or played).
    func leave(_ episodes: [EpisodeID]) {
        guard !episodes.isEmpty else { return }
        let store = self.store
        background.run { StoreWork.log { _ = try store.removeFromInbox(episodes) } }
    }

    /// Dismisses episodes from the inbox (nothing else changes); `done` gets those that were in it.
    public func dismiss(_ episodes: [EpisodeID], done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        let store = self.store
        background.run({ Result { try store.removeFromInbox(episodes) } }) { result in
            done(result.mapError { .failed(tr("cannot change the inbox: %s", "\($0)")) })
        }
    }

    /// Empties the inbox; `done` gets how many episodes were in it.
    public func dismissAll(done: @escaping (Result<Int, LibraryError>) -> Void) {
        let store = self.store
        background.run({ Result { try store.clearInbox() } }) { result in
            done(result.mapError { .failed(tr("cannot change the inbox: %s", "\($0)")) })
        }
    }

    /// Plays the newest episode of the inbox.
    public func playNewest() throws(LibraryError) {
        let store = self.store
        guard let newest = try StoreWork.read({ try store.inboxEpisodes().first }) else { throw .noEpisode(tr("the inbox is empty")) }
        try listening.play(episode: newest)
    }
}
