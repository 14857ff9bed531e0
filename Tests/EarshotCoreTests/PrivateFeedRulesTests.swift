@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

/// The rules of private feeds' passwords, over an in-memory keeper: tried, kept only when accepted,
/// sent only over https (or to this computer), forgotten with the last podcast of their host, and the
/// start-up refresh waiting (a bounded time) for the kept ones.
@Suite("Private feeds' passwords")
struct PrivateFeedRulesTests {
    let fixture: CoreFixture
    let keeper = MemoryKeeper()
    let book = FeedCredentials()
    static let feed = URL(string: "https://members.test/feed.xml")!

    init() throws {
        fixture = try CoreFixture()
        try fixture.store.saveSetting(StateTable.feedPasswordsKept.key, value: "on", for: nil)
        fixture.session.keepFeedPasswords(in: book, keeper: keeper)
        keeper.finishLoading()
        fixture.feeds.answers[Self.feed] = .channel(CoreFixture.show("members", count: 2))
        fixture.feeds.door = { [book] url in url != Self.feed || book.credential(for: url)?.password == "right" }
    }

    func subscribe(_ texts: [String], user: String? = nil, password: String? = nil) -> [UpdateReport] {
        var reports: [UpdateReport]?
        fixture.session.subscribe(texts, autoQueue: true, user: user, password: password, progress: { _, _, _ in }) { reports = $0 }
        fixture.timers.advance(1)
        return reports ?? []
    }

    @Test func aFeedAnswering401WithoutAPasswordSaysItNeedsOne() throws {
        let report = try #require(subscribe([Self.feed.absoluteString]).first)
        #expect(report.needsPassword)
        #expect(report.error == "https://members.test/feed.xml: the server asks for a user name and password")
        #expect(keeper.saved.isEmpty)
    }

    @Test func anAcceptedPasswordIsKeptForTheOriginAndTheWrongOneIsNotAndLeavesTheOldOne() throws {
        let wrong = try #require(subscribe([Self.feed.absoluteString], user: "alice", password: "wrong").first)
        #expect(wrong.error == "https://members.test/feed.xml: members.test did not accept the user name and password")
        #expect(book.credential(for: Self.feed) == nil && keeper.saved.isEmpty, "a refused password is not kept")

        let right = try #require(subscribe([Self.feed.absoluteString], user: "alice", password: "right").first)
        #expect(right.error == nil && fixture.library.podcast(url: Self.feed) != nil)
        let kept = FeedCredential(origin: "https://members.test:443", user: "alice", password: "right")
        #expect(keeper.saved == [kept] && book.credential(for: Self.feed) == kept)

        _ = subscribe([Self.feed.absoluteString], user: "alice", password: "typo")
        #expect(book.credential(for: Self.feed) == kept, "the password that worked stays when a new one is refused")
    }

    @Test func aPasswordWrittenIntoTheAddressIsLiftedOutOfIt() throws {
        let report = try #require(subscribe(["https://alice:right@members.test/feed.xml"]).first)
        #expect(report.error == nil)
        #expect(fixture.library.podcasts.map(\.url) == [Self.feed], "only the bare address is kept")
        #expect(keeper.saved.map(\.user) == ["alice"])
    }

    @Test func aPasswordOverPlainHTTPToAnotherComputerIsRefusedAndNothingIsSubscribed() throws {
        let plain = CoreFixture.url("plain")
        fixture.feeds.answers[plain] = .channel(CoreFixture.show("plain", count: 1))
        let report = try #require(subscribe([plain.absoluteString], user: "alice", password: "right").first)
        #expect(report.error?.contains("only over https") == true, "\(report.error ?? "")")
        #expect(fixture.library.podcasts.isEmpty && fixture.feeds.requests.isEmpty && keeper.saved.isEmpty)
        #expect(FeedCredential.origin(of: URL(string: "http://127.0.0.1:8080/feed")!) == "http://127.0.0.1:8080",
                "plain http to this computer may carry one")
    }

    @Test func removingTheLastPodcastOfAHostForgetsItsPassword() throws {
        _ = subscribe([Self.feed.absoluteString], user: "alice", password: "right")
        let podcast = try #require(fixture.library.podcast(url: Self.feed))
        try fixture.session.unsubscribe(podcast.id, deletingFiles: false)
        #expect(keeper.forgotten == ["https://members.test:443"] && book.credential(for: Self.feed) == nil)
    }

    @Test func aLibraryThatNeverKeptAPasswordNeverAsksTheKeeperAndTheNoteGoesWithTheLastPassword() throws {
        #expect(keeper.asked == 1, "the suite's keeper was asked: its library noted nothing yet, so this one…")
        let plain = try CoreFixture()
        let untouched = MemoryKeeper()
        plain.session.keepFeedPasswords(in: FeedCredentials(), keeper: untouched)
        #expect(untouched.asked == 0, "…is not: no Secret Service is woken for a library without private feeds")
        _ = subscribe([Self.feed.absoluteString], user: "alice", password: "right")
        fixture.timers.advance(1)
        #expect(try fixture.store.settings(for: nil)[StateTable.feedPasswordsKept.key] == "on")
        try fixture.session.unsubscribe(try #require(fixture.library.podcast(url: Self.feed)).id, deletingFiles: false)
        fixture.timers.advance(1)
        #expect(try fixture.store.settings(for: nil)[StateTable.feedPasswordsKept.key] == nil)
    }

    @Test func noTimedRefreshRunsBeforeTheKeptPasswordsAreInEvenWhenAFeedIsStoredMeanwhile() throws {
        let waiting = try CoreFixture()
        let keeper = MemoryKeeper()
        _ = try waiting.subscribe("show", CoreFixture.show("show", count: 1))
        try waiting.store.saveSetting(StateTable.feedPasswordsKept.key, value: "on", for: nil)
        waiting.session.keepFeedPasswords(in: FeedCredentials(), keeper: keeper)
        waiting.session.begin(refreshingEvery: .seconds(3600))
        _ = try waiting.subscribe("other", CoreFixture.show("other", count: 1))
        let before = waiting.feeds.requests.count
        waiting.timers.advance(1)
        #expect(waiting.feeds.requests.count == before, "the feed stored meanwhile plans no refresh of the others")
        keeper.finishLoading()
        waiting.timers.advance(1)
        #expect(waiting.feeds.requests.count == before + 2, "both refreshed once the passwords are in")
    }

    @Test func theStartUpRefreshWaitsForTheKeptPasswordsButNotForever() throws {
        for answers in [true, false] {
            let waiting = try CoreFixture()
            let keeper = MemoryKeeper()
            _ = try waiting.subscribe("show", CoreFixture.show("show", count: 1))
            try waiting.store.saveSetting(StateTable.feedPasswordsKept.key, value: "on", for: nil)
            waiting.session.keepFeedPasswords(in: FeedCredentials(), keeper: keeper)
            keeper.credentials = [FeedCredential(origin: "https://members.test:443", user: "a", password: "b")]
            let before = waiting.feeds.requests.count
            waiting.session.begin(refreshingEvery: .seconds(3600))
            waiting.timers.advance(1)
            #expect(waiting.feeds.requests.count == before, "nothing is refreshed while the passwords load")
            if answers {
                keeper.finishLoading()
                #expect(waiting.session.privateFeeds.book.credential(for: Self.feed)?.user == "a")
            } else {
                waiting.timers.advance(PrivateFeeds.loadingPatience / .seconds(1))
            }
            waiting.timers.advance(1)
            #expect(waiting.feeds.requests.count == before + 1, answers ? "refreshed once they are in" : "refreshed after the patience ran out")
        }
    }
}

/// Passwords kept in memory; `loadAll` answers when `finishLoading` is called.
final class MemoryKeeper: FeedPasswordKeeping {
    var credentials: [FeedCredential] = []
    private(set) var saved: [FeedCredential] = []
    private(set) var forgotten: [String] = []
    private var loading: [([FeedCredential]) -> Void] = []

    private(set) var asked = 0

    func loadAll(completion: @escaping ([FeedCredential]) -> Void) {
        asked += 1
        loading.append(completion)
    }
    func finishLoading() {
        let waiting = loading
        loading = []
        waiting.forEach { $0(credentials) }
    }
    func save(_ credential: FeedCredential) { saved.append(credential) }
    func forget(origin: String) { forgotten.append(origin) }
}
