import EarshotFeed
import Foundation

/// The order episodes play in: oldest to newest. Next is the next newer episode that has audio,
/// Previous the next older one; episodes without a sound URL are skipped.
///
/// When every episode has a release date, they are sorted by it (equal dates keep the feed's
/// newest-first convention). When some have none, dates cannot order them, and the feed's own order
/// (newest first, by convention) is used, reversed.
public struct PlayOrder: Sendable, Equatable {
    /// Episodes from oldest to newest.
    public let episodes: [Episode]

    /// The play order of a channel's episodes (given in feed order).
    public init(feedOrder: [Episode]) {
        let indexed = Array(feedOrder.enumerated())
        if indexed.allSatisfy({ $0.element.releaseDate?.date != nil }) {
            episodes = indexed.sorted { a, b in
                let (da, db) = (a.element.releaseDate!.date!, b.element.releaseDate!.date!)
                return da != db ? da < db : a.offset > b.offset
            }.map(\.element)
        } else {
            episodes = feedOrder.reversed()
        }
    }

    /// The newest episode that can be played, if any.
    public var newestPlayable: Int? { episodes.lastIndex { $0.soundURL != nil } }

    /// The next newer playable episode after `index`.
    public func next(after index: Int) -> Int? {
        guard index + 1 < episodes.count else { return nil }
        return episodes[(index + 1)...].firstIndex { $0.soundURL != nil }
    }

    /// The next older playable episode before `index`.
    public func previous(before index: Int) -> Int? {
        guard index > 0, index <= episodes.count else { return nil }
        return episodes[..<index].lastIndex { $0.soundURL != nil }
    }

    /// The index of the episode with this id.
    public func index(ofID id: String) -> Int? { episodes.firstIndex { $0.id == id } }

    /// The index of the episode whose sound URL or page link is `uri`.
    public func index(matching uri: String) -> Int? {
        episodes.firstIndex { $0.soundURL?.absoluteString == uri || $0.link?.absoluteString == uri }
    }
}
