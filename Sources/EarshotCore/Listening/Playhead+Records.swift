import EarshotFeed
import EarshotStore
import Foundation

/// The listening's one door to the store, held by the playhead: the episodes the `Listening` reads to
/// make one current or queue it (small, indexed reads on the loop), and the lists the queue changes (Up
/// Next, the history), written on the background like progress.
extension Playhead {
    /// The stored episode `id`, or nil.
    func storedEpisode(_ id: EpisodeID) throws(LibraryError) -> StoredEpisode? {
        try StoreWork.read { try self.store.storedEpisode(id) }
    }

    /// The listing of episode `id`, or nil.
    func listing(_ id: EpisodeID) throws(LibraryError) -> EpisodeListing? {
        try StoreWork.read { try self.store.listEpisodes([id]).first }
    }

    /// The playable episodes among `ids` as Up Next items, in the order a podcast of `medium` queues them
    /// (`MediumRules`; an unreadable list reads as none).
    func playableItems(_ ids: [EpisodeID], medium: String? = nil) -> [UpNext.Item] {
        let playable = MediumRules.queueOrder((try? store.listEpisodes(ids).filter(\.isPlayable)) ?? [], medium: medium)
        return playable.map { UpNext.Item(episode: $0.id, podcast: $0.podcast) }
    }

    /// The play order of `podcast`, when it is stored.
    func order(of podcast: PodcastID) -> PlayOrder? {
        (try? store.outline(id: podcast)).flatMap { $0 }.map { PlayOrder(feedOrder: $0.episodes) }
    }

    /// The episode of `podcast` to resume: the one in progress, else the oldest unplayed one.
    func episodeToResume(in podcast: PodcastID) throws(LibraryError) -> EpisodeID? {
        try StoreWork.read { try self.store.episodeToResume(in: podcast) }
    }

    /// The episode whose audio or page address is `uri`.
    func episode(matching uri: String) throws(LibraryError) -> EpisodeID? {
        try StoreWork.read { try self.store.episodeID(matching: uri) }
    }

    /// The store's current episode is `id` from now on.
    func markCurrent(_ id: EpisodeID) {
        let store = self.store
        background.run { StoreWork.log { try store.makeCurrent(id) } }
    }

    /// Stores one of the listening's lists as it is now.
    func save(_ list: EpisodeListName, _ episodes: [EpisodeID]) {
        let store = self.store
        background.run { StoreWork.log { try store.saveEpisodeList(list, episodes) } }
    }

    /// Stores the chapters found for `episode` (and keeps them with the current episode).
    func keepChapters(_ chapters: [Chapter], of episode: EpisodeID) {
        if current?.id == episode { current?.storedChapters = chapters }
        let store = self.store
        background.run { StoreWork.log { try store.saveChapters(of: episode, chapters) } }
    }

    /// Stores when Up Next last played (`StateTable.upNextPlayedAt`).
    func saveUpNextPlayed(_ date: Date) {
        let store = self.store
        background.run { StoreWork.log { try store.save(StateTable.upNextPlayedAt, date) } }
    }

    /// Up Next, the history and when Up Next last played, as stored (at start-up).
    func storedQueue() -> (queue: Queue, upNextPlayedAt: Date?) {
        let queued = (try? store.listEpisodes(store.episodeList(.upNext))) ?? []
        let upNext = UpNext(queued.map { UpNext.Item(episode: $0.id, podcast: $0.podcast) })
        let history = (try? store.episodeList(.history)) ?? []
        let playedAt = (try? store.settings(for: nil)).flatMap(StateTable.upNextPlayedAt.value(in:))
        return (Queue(upNext: upNext, history: history), playedAt)
    }
}
