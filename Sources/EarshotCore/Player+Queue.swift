import EarshotStore
import Foundation

/// Changing Up Next. Only episodes with audio can be queued; the current episode is never in it.
extension Player {
    /// Puts `episodes` into Up Next at `position` (0-based; nil: the end), in the order given.
    public func enqueue(_ episodes: [EpisodeID], at position: Int? = nil) throws(LibraryError) {
        var items: [UpNext.Item] = []
        for id in episodes where id != current?.id {
            guard let listing = try Self.read({ try self.store.listEpisodes([id]).first }) else { throw .noSuchEpisode(id) }
            guard listing.isPlayable else { throw .soundURLMissing("“\(listing.title ?? "episode \(id.rawValue)")” has no audio") }
            items.append(UpNext.Item(episode: id, podcast: listing.podcast))
        }
        upNext.insert(items, at: position)
        saveUpNext()
        changed()
    }

    /// Takes `episodes` out of Up Next; an episode that is not queued is an error.
    public func dequeue(_ episodes: [EpisodeID]) throws(LibraryError) {
        if let missing = episodes.first(where: { upNext.index(of: $0) == nil }) { throw .noSuchEpisode(missing) }
        upNext.remove(Set(episodes))
        saveUpNext()
        changed()
    }

    /// Moves a queued episode to `position` (0-based).
    public func moveQueued(_ episode: EpisodeID, to position: Int) throws(LibraryError) {
        guard upNext.move(episode, to: position) else { throw .noSuchEpisode(episode) }
        saveUpNext()
        changed()
    }

    public func clearQueue() {
        guard !upNext.isEmpty else { return }
        upNext.clear()
        saveUpNext()
        changed()
    }
}
