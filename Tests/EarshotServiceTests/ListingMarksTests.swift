import EarshotMPRIS
@testable import EarshotService
import EarshotStore
import Foundation
import Testing

/// Episode listings are marked (the current one's live progress, each one's place in Up Next) from a
/// snapshot of the player taken on the loop, so the marking and the reply's values are made on the
/// background: naming an episode by a common word (100,000 matches) built every match on the loop,
/// looking each one up in Up Next by a linear search.
@Suite("Episode listings marked off the loop")
struct ListingMarksTests {
    private func listing(_ id: Int64) -> EpisodeListing {
        EpisodeListing(id: EpisodeID(rawValue: id), podcast: PodcastID(rawValue: 1), podcastTitle: "News", guid: "g\(id)", title: "News \(id)",
                       releaseDate: nil, duration: 60, status: .unplayed, isPlayable: true, soundURL: nil, link: nil)
    }

    @Test func theCurrentEpisodeAndUpNextsPlacesAreMarkedFromTheSnapshot() {
        var live = EpisodeStatus.unplayed
        live.lastListenTime = 42
        let marks = ListingMarks(current: EpisodeID(rawValue: 2), currentStatus: live, upNext: [EpisodeID(rawValue: 3), EpisodeID(rawValue: 1)])
        let marked = [1, 2, 3, 4].map { marks.marked(listing($0)) }
        #expect(marked.map(\.queuePosition) == [1, nil, 0, nil])
        #expect(marked.map(\.isCurrent) == [false, true, false, false])
        #expect(marked[1].listing.status.lastListenTime == 42 && marked[0].listing.status.lastListenTime == 0)
    }

    @Test func aHundredThousandMatchesAgainstAHundredThousandQueuedAreMarkedInMoments() {
        let queued = (1...100_000).map { EpisodeID(rawValue: Int64(200_000 + $0)) }
        let marks = ListingMarks(current: nil, currentStatus: nil, upNext: queued)
        let listings = (1...100_000).map { listing(Int64($0)) }
        let started = ContinuousClock.now
        let values = marks.values(listings, asRows: false)
        #expect(ContinuousClock.now - started < .seconds(5))
        guard case .array(_, let rows) = values else { Issue.record("\(values)"); return }
        #expect(rows.count == 100_000)
    }
}
