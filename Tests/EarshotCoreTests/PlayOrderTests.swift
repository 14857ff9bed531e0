import EarshotCore
import EarshotStore
import Foundation
import Testing

@Suite("Play order: oldest to newest, skipping episodes without audio")
struct PlayOrderTests {
    static func episode(_ id: String, day: Int?, sound: Bool = true) -> EpisodeEntry {
        EpisodeEntry(id: id, releaseDate: day.map { Date(timeIntervalSince1970: Double($0) * 86_400) }, isPlayable: sound,
                     key: EpisodeID(rawValue: Int64(id.unicodeScalars.first!.value)))
    }

    @Test func datedEpisodesPlayChronologicallyWhateverTheFeedOrder() {
        let order = PlayOrder(feedOrder: [Self.episode("b", day: 2), Self.episode("c", day: 3), Self.episode("a", day: 1)])
        #expect(order.episodes.map(\.id) == ["a", "b", "c"])
        #expect(order.newestPlayable == 2)
        #expect(order.next(after: 0) == 1)
        #expect(order.previous(before: 2) == 1)
        #expect(order.next(after: 2) == nil, "nothing is newer than the newest")
        #expect(order.previous(before: 0) == nil, "nothing is older than the oldest")
    }

    @Test func episodesWithoutAudioAreSkippedBothWays() {
        let order = PlayOrder(feedOrder: [
            Self.episode("e", day: 5), Self.episode("d", day: 4, sound: false), Self.episode("c", day: 3, sound: false),
            Self.episode("b", day: 2), Self.episode("a", day: 1, sound: false),
        ])
        #expect(order.episodes.map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(order.next(after: 1) == 4)
        #expect(order.previous(before: 4) == 1)
        #expect(order.previous(before: 1) == nil, "the only older one has no audio")
        #expect(order.newestPlayable == 4)
    }

    @Test func newestPlayableSkipsANewestEpisodeWithoutAudio() {
        let order = PlayOrder(feedOrder: [Self.episode("new", day: 9, sound: false), Self.episode("old", day: 1)])
        #expect(order.newestPlayable == 0)
        #expect(order.episodes[0].id == "old")
    }

    @Test func sameDayEpisodesKeepTheFeedsNewestFirstConvention() {
        let order = PlayOrder(feedOrder: [Self.episode("second", day: 1), Self.episode("first", day: 1)])
        #expect(order.episodes.map(\.id) == ["first", "second"])
    }

    @Test func withoutDatesTheFeedOrderIsReversed() {
        let order = PlayOrder(feedOrder: [Self.episode("3", day: nil), Self.episode("2", day: 7), Self.episode("1", day: nil)])
        #expect(order.episodes.map(\.id) == ["1", "2", "3"])
    }

    @Test func oneEpisodeAndAnEmptyFeed() {
        let one = PlayOrder(feedOrder: [Self.episode("only", day: 1)])
        #expect(one.newestPlayable == 0)
        #expect(one.next(after: 0) == nil)
        #expect(one.previous(before: 0) == nil)
        let empty = PlayOrder(feedOrder: [])
        #expect(empty.newestPlayable == nil)
        #expect(empty.next(after: 0) == nil)
        #expect(empty.previous(before: 0) == nil)
    }

    @Test func episodesAreFoundByTheirLibraryIdentity() {
        let order = PlayOrder(feedOrder: [Self.episode("l", day: 2), Self.episode("s", day: 1)])
        #expect(order.index(ofKey: Self.episode("l", day: nil).key) == 1)
        #expect(order.index(ofKey: Self.episode("s", day: nil).key) == 0)
        #expect(order.index(ofKey: EpisodeID(rawValue: 999)) == nil)
    }
}
