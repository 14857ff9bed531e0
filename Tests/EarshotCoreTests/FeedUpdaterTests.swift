@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The one feed pipeline: bounded at once and per host, fair between hosts, and a feed asked for twice is
/// fetched once.
@Suite("Feed updater: limits, fairness between hosts, joined requests")
struct FeedUpdaterTests {
    private static func feed(_ host: String, _ number: Int) -> URL { URL(string: "http://\(host).test/\(number).xml")! }

    private static func updater(_ feeds: FeedTable) -> FeedUpdater {
        FeedUpdater(fetcher: feeds, store: MemoryStore(), background: InlineBackground(), timers: ManualTimers(), limit: 8, perHostLimit: 4)
    }

    @Test func tenThousandFeedsOnOneHostRunFourAtATimeInTheOrderAskedAndAllFinish() {
        let feeds = FeedTable()
        feeds.holding = true
        let updater = Self.updater(feeds)
        var finished: [URL] = []
        let urls = (0..<10_000).map { Self.feed("one", $0) }
        for url in urls { updater.update(.init(url: url)) { _, _ in finished.append(url) } }
        #expect(feeds.requests.count == 4, "four at once on one host")
        while finished.count < urls.count {
            let before = feeds.requests.count
            feeds.release()
            if feeds.requests.count == before && finished.count < urls.count { break }
        }
        #expect(finished == urls, "each finished, in the order asked")
        #expect(feeds.requests.map(\.0) == urls)
        #expect(updater.pending == 0)
    }

    @Test func aHostWithAFullQueueDoesNotHoldBackTheOthers() {
        let feeds = FeedTable()
        feeds.holding = true
        let updater = Self.updater(feeds)
        for number in 0..<100 { updater.update(.init(url: Self.feed("busy", number))) { _, _ in } }
        updater.update(.init(url: Self.feed("quiet", 0))) { _, _ in }
        updater.update(.init(url: Self.feed("other", 0))) { _, _ in }
        #expect(Set(feeds.requests.map { $0.0.host }) == ["busy.test", "quiet.test", "other.test"])
        #expect(feeds.requests.count == 6, "four of busy, then quiet and other at once")
    }

    @Test func aFeedAskedForAgainWhileItIsFetchedJoinsTheFetchAndBothHearTheOutcome() {
        let feeds = FeedTable()
        feeds.holding = true
        let updater = Self.updater(feeds)
        let url = Self.feed("one", 1)
        var heard: [Bool] = []
        updater.update(.init(url: url)) { _, joined in heard.append(joined) }
        updater.update(.init(url: url)) { _, joined in heard.append(joined) }
        feeds.release()
        #expect(feeds.requests.count == 1, "fetched once")
        #expect(heard == [false, true])
    }

    @Test func aTimedRefreshAndARefreshByHandAtOnceFetchEachFeedOnceAndReportItToBoth() throws {
        let f = try CoreFixture()
        try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(CoreFixture.show("alpha", count: 2))
        f.feeds.holding = true
        let before = f.feeds.requests.count
        var first: [UpdateReport] = [], second: [UpdateReport] = []
        try f.library.refresh(completion: { first = $0 })
        try f.library.refresh(completion: { second = $0 })
        f.feeds.release()
        #expect(f.feeds.requests.count == before + 1)
        #expect(first.map(\.newEpisodes) == [1] && second.map(\.newEpisodes) == [1])
        let found = f.events.filter { if case .newEpisodes = $0 { true } else { false } }
        #expect(found.count == 1, "the new episode is taken in once")
    }
}
