@testable import EarshotCore
import EarshotStore
import Foundation
import Testing

/// The queue's rules on their own: no store, no engine, no session.
@Suite("Queue: what Next, Previous and the end of an episode play, and how Up Next changes")
struct QueueTests {
    static let show = PodcastID(rawValue: 1), other = PodcastID(rawValue: 2)

    static func id(_ raw: Int64) -> EpisodeID { EpisodeID(rawValue: raw) }

    /// A podcast of episodes 1 (oldest) … `count`, released a day apart; those in `silent` have no audio.
    static func order(_ count: Int64, silent: Set<Int64> = []) -> PlayOrder {
        PlayOrder(feedOrder: (1...count).reversed().map { number in
            EpisodeEntry(id: "e\(number)", releaseDate: Date(timeIntervalSince1970: Double(number) * 86_400),
                         isPlayable: !silent.contains(number), key: id(number))
        })
    }

    static func item(_ raw: Int64, of podcast: PodcastID = other) -> UpNext.Item { UpNext.Item(episode: id(raw), podcast: podcast) }

    static func listing(_ raw: Int64, playable: Bool = true) -> EpisodeListing {
        EpisodeListing(id: id(raw), podcast: other, podcastTitle: nil, guid: "g\(raw)", title: "Episode \(raw)", releaseDate: nil,
                       duration: nil, status: .unplayed, isPlayable: playable, soundURL: nil, link: nil)
    }

    @Test func nextIsTheFirstOfUpNextElseTheNextNewerEpisodeWithAudio() {
        var queue = Queue(order: Self.order(4, silent: [3]))
        #expect(queue.next(after: Self.id(2)) == Self.id(4), "episode 3 has no audio")
        #expect(queue.next(after: Self.id(4)) == nil, "after the newest: nothing")
        #expect(queue.next(after: nil) == nil)
        queue.upNext.insert([Self.item(20)])
        #expect(queue.next(after: Self.id(2)) == Self.id(20), "Up Next comes first")
    }

    @Test func previousWalksBackThroughTheHistoryElseTheNextOlderEpisode() {
        var queue = Queue(order: Self.order(3))
        #expect(queue.previous(before: Self.id(3)) == Self.id(2))
        #expect(queue.previous(before: Self.id(1)) == nil)
        queue.remember(Self.id(30))
        queue.remember(Self.id(3))
        #expect(queue.previous(before: Self.id(3)) == Self.id(30), "the current episode itself is skipped")
        let fromHistory = queue.goBack(to: Self.id(30))
        #expect(fromHistory)
        #expect(queue.history.isEmpty, "the history is cut back to before the episode gone back to")
        let fromHistoryAgain = queue.goBack(to: Self.id(2))
        #expect(!fromHistoryAgain, "from the podcast's order, not the history")
    }

    @Test func theHistoryKeepsEachEpisodeOnceAndAtMostItsLimit() {
        var queue = Queue()
        for raw in 1...Int64(Queue.historyLimit + 5) { queue.remember(Self.id(raw)) }
        queue.remember(Self.id(50))
        #expect(queue.history.count == Queue.historyLimit)
        #expect(queue.history.first == Self.id(6))
        #expect(queue.history.last == Self.id(50))
        #expect(queue.history.filter { $0 == Self.id(50) }.count == 1)
    }

    @Test func enqueueingSkipsTheCurrentEpisodeAndRefusesOneWithoutAudioOrUnknown() throws {
        var queue = Queue()
        let listings = [Self.id(1): Self.listing(1), Self.id(2): Self.listing(2), Self.id(3): Self.listing(3, playable: false)]
        let read: (EpisodeID) throws(LibraryError) -> EpisodeListing? = { listings[$0] }
        try queue.enqueue([Self.id(1), Self.id(2)], at: nil, current: Self.id(1), listing: read)
        #expect(queue.upNext.episodes == [Self.id(2)])
        #expect(throws: LibraryError.soundURLMissing("“Episode 3” has no audio")) {
            try queue.enqueue([Self.id(3)], at: nil, current: nil, listing: read)
        }
        #expect(throws: LibraryError.noSuchEpisode(Self.id(9))) { try queue.enqueue([Self.id(9)], at: nil, current: nil, listing: read) }
        try queue.enqueue([Self.id(1)], at: 0, current: nil, listing: read)
        #expect(queue.upNext.episodes == [Self.id(1), Self.id(2)])
        #expect(throws: LibraryError.noSuchEpisode(Self.id(5))) { try queue.dequeue([Self.id(2), Self.id(5)]) }
        #expect(queue.upNext.count == 2, "a refused dequeue changes nothing")
        #expect(throws: LibraryError.noSuchEpisode(Self.id(5))) { try queue.move(Self.id(5), to: 0) }
        try queue.move(Self.id(2), to: 0)
        #expect(queue.upNext.episodes == [Self.id(2), Self.id(1)])
    }

    @Test func newEpisodesJoinTheEndOfUpNextButNeverTheCurrentOne() {
        var queue = Queue(upNext: UpNext([Self.item(10)]))
        let queuedCurrent = queue.queueNew([Self.item(1, of: Self.show)], current: Self.id(1))
        #expect(!queuedCurrent)
        let queuedNew = queue.queueNew([Self.item(1, of: Self.show), Self.item(2, of: Self.show)], current: Self.id(1))
        #expect(queuedNew)
        #expect(queue.upNext.episodes == [Self.id(10), Self.id(2)])
    }

    @Test func aRemovedPodcastLeavesUpNextAndTakesItsOrderWhenCurrent() {
        var queue = Queue(upNext: UpNext([Self.item(10), Self.item(1, of: Self.show)]), order: Self.order(3))
        let otherRemoved = queue.removed(Self.other, current: Self.show)
        #expect(otherRemoved)
        #expect(queue.upNext.episodes == [Self.id(1)])
        #expect(queue.order != nil, "another podcast's removal keeps the current order")
        let showRemoved = queue.removed(Self.show, current: Self.show)
        #expect(showRemoved)
        #expect(queue.order == nil && queue.upNext.isEmpty)
        let removedAgain = queue.removed(Self.show, current: nil)
        #expect(!removedAgain, "nothing left to take out")
    }

    @Test func aMergeIsFollowedByUpNextAndTheHistory() {
        var queue = Queue(upNext: UpNext([Self.item(1, of: Self.show), Self.item(2, of: Self.show), Self.item(10)]),
                          history: [Self.id(1), Self.id(5), Self.id(11)])
        let merge = PodcastMerge(from: Self.show, into: Self.other, episodes: [Self.id(1): Self.id(11)], moved: [Self.id(2)],
                                 downloadsMoved: [])
        let followed = queue.follow(merge)
        #expect(followed)
        #expect(queue.upNext.items == [Self.item(11), Self.item(2), Self.item(10)], "the kept episode stands for the merged one")
        #expect(queue.history == [Self.id(5), Self.id(11)], "once, at its latest place")
        let followedAgain = queue.follow(merge)
        #expect(!followedAgain, "nothing more to follow")
    }
}
