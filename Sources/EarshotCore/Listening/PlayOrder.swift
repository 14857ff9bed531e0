import EarshotStore
import Foundation

/// The order episodes play in: oldest to newest. Next is the next newer episode that has audio,
/// Previous the next older one; episodes without a sound URL are skipped.
///
/// When every episode has a release date, they are sorted by it (equal dates keep the feed's
/// newest-first convention). When some have none, dates cannot order them, and the feed's own order
/// (newest first, by convention) is used, reversed.
public struct PlayOrder: Sendable, Equatable {
    /// Episodes from oldest to newest.
    public let episodes: [EpisodeEntry]

    /// The play order of a feed's episodes (given in feed order).
    public init(feedOrder: [EpisodeEntry]) {
        let indexed = Array(feedOrder.enumerated())
        if indexed.allSatisfy({ $0.element.releaseDate != nil }) {
            episodes = indexed.sorted { a, b in
                let (da, db) = (a.element.releaseDate!, b.element.releaseDate!)
                return da != db ? da < db : a.offset > b.offset
            }.map(\.element)
        } else {
            episodes = feedOrder.reversed()
        }
    }

    /// The newest episode that can be played, if any.
    public var newestPlayable: Int? { episodes.lastIndex(where: \.isPlayable) }

    /// The next newer playable episode after `index`.
    public func next(after index: Int) -> Int? {
        guard index + 1 < episodes.count else { return nil }
        return episodes[(index + 1)...].firstIndex(where: \.isPlayable)
    }

    /// The next older playable episode before `index`.
    public func previous(before index: Int) -> Int? {
        guard index > 0, index <= episodes.count else { return nil }
        return episodes[..<index].lastIndex(where: \.isPlayable)
    }

    /// The index of the episode with this row id.
    public func index(ofKey key: EpisodeID) -> Int? { episodes.firstIndex { $0.key == key } }
}
