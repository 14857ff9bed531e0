import EarshotLocale
import Foundation

/// The hits of the last `earshot find`, numbered from 1: `earshot play --hit 2` plays the second from its
/// moment for as long as the list is fresh (an hour, like a search's results), so a number never comes
/// from a list the listener has forgotten. A newer find replaces it; the desktop's searches never do.
public struct FoundList: Sendable {
    /// What was looked for.
    public let words: String
    /// In order: hit 1 is the first.
    public let moments: [FoundMoment]
    /// When it was made, on the session's monotonic clock.
    public let made: Duration

    /// Whether it still lends its numbers at `now`.
    public func isFresh(at now: Duration) -> Bool { now - made < ResultList.freshness }

    /// Hit `number`, or why there is none.
    public func moment(_ number: Int) throws(LibraryError) -> FoundMoment {
        guard moments.indices.contains(number - 1) else {
            // TRANSLATORS: %2$s is what was searched for (earshot find).
            throw .indexOutOfRange(moments.count == 1 ? tr("there is no hit %1$d of the last find, “%2$s”: it has 1", number, words)
                // TRANSLATORS: %2$s is what was searched for (earshot find); %3$d is the number of hits.
                : tr("there is no hit %1$d of the last find, “%2$s”: it has 1 to %3$d", number, words, moments.count))
        }
        return moments[number - 1]
    }
}

extension FoundMoment {
    /// Where a hit plays from: the moment of a chapter or a timed transcript line; nil for a title or
    /// the notes (the episode plays where it was left).
    public var moment: Double? {
        switch hit.place {
        case .chapter(let start, _): start
        case .transcript(let start, _): start
        case .bookmark(_, let start): start
        case .podcastTitle, .episodeTitle, .notes: nil
        }
    }
}
