@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// A remote item naming its feed by `podcast:guid` alone (the namespace's required attribute, with no
/// `feedUrl`): the feed's address is found in the library or asked of Podcast Index, remembered, and the
/// feed fetched as for an address.
@Suite("Remote items naming their feed by guid alone")
struct RemoteFeedGuidTests {
    static let betaGuid = "9b024349-ccf0-5f69-a609-6b82873eab3c"
    let f: CoreFixture
    let directories: ScriptedDirectories

    init() throws {
        f = try CoreFixture()
        directories = ScriptedDirectories(timers: f.timers)
        f.session.finder.connect(directories: directories, pages: ScriptedPages(), settings: Finder.Settings(timeout: .seconds(10)))
        f.feeds.answers[CoreFixture.url("beta")] = .channel(CoreFixture.show("beta", count: 2))
    }

    static var alpha: Channel {
        Channel(title: "Alpha", episodes: [RemoteItemsTests.pointing("alpha-remote", to: nil, feedGuid: betaGuid, item: "beta-2")])
    }

    /// Subscribes to `channel` as alpha, letting the lookups and fetches finish.
    func subscribeAlpha(_ channel: Channel = Self.alpha) throws -> PodcastID {
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(channel)
        var reports: [UpdateReport] = []
        f.library.subscribe([CoreFixture.url("alpha")], autoQueue: false) { reports = $0 }
        f.timers.advance(0)
        return try #require(reports.first?.podcast)
    }

    func refresh() throws {
        var done = false
        try f.library.refresh(completion: { _ in done = true })
        f.timers.advance(0)
        #expect(done)
    }

    func remoteItem(of alpha: PodcastID) throws -> EpisodeListing {
        try #require(try f.store.listEpisodes(podcast: alpha, filter: .all, matching: nil).first { $0.guid == "alpha-remote" })
    }

    var betaFetches: Int { f.feeds.requests.filter { $0.0 == CoreFixture.url("beta") }.count }

    @Test func aFeedNamedByGuidAloneIsFoundThroughPodcastIndexAndItsEpisodePlays() throws {
        directories.answers = [.podcastindex: .success([.named("Beta", CoreFixture.url("beta").absoluteString, in: .podcastindex)])]
        let alpha = try subscribeAlpha()
        #expect(directories.asked.map(\.query) == [.feedGuid(Self.betaGuid)] && directories.asked.map(\.directory) == [.podcastindex])
        #expect(betaFetches == 1)
        let item = try remoteItem(of: alpha)
        #expect(item.isPlayable && item.soundURL == URL(string: "http://beta.test/2.mp3"))
    }

    @Test func theAddressFoundIsRememberedSoTheNextRefreshDoesNotAskPodcastIndexAgain() throws {
        directories.answers = [.podcastindex: .success([.named("Beta", CoreFixture.url("beta").absoluteString, in: .podcastindex)])]
        let alpha = try subscribeAlpha()
        f.feeds.answers[CoreFixture.url("alpha")] = .channel({ var next = Self.alpha; next.title = "Alpha again"; return next }())
        try refresh()
        #expect(directories.asked.count == 1, "asked once for the daemon's life")
        #expect(betaFetches == 2, "the remembered address is fetched again")
        #expect(try remoteItem(of: alpha).isPlayable)
    }

    @Test func aGuidPodcastIndexDoesNotKnowLeavesTheItemSilentAndIsNotAskedAgain() throws {
        directories.answers = [.podcastindex: .failure(.notFound(Self.betaGuid))]
        let alpha = try subscribeAlpha()
        #expect(try !remoteItem(of: alpha).isPlayable)
        #expect(betaFetches == 0)
        try refresh()
        #expect(directories.asked.count == 1)
    }

    @Test func aFailedLookupLeavesTheItemSilentAndIsTriedAgainAtTheNextRefresh() throws {
        directories.answers = [.podcastindex: .failure(.unreachable("no route to host"))]
        let alpha = try subscribeAlpha()
        #expect(try !remoteItem(of: alpha).isPlayable)
        directories.answers = [.podcastindex: .success([.named("Beta", CoreFixture.url("beta").absoluteString, in: .podcastindex)])]
        f.feeds.answers[CoreFixture.url("alpha")] = .channel({ var next = Self.alpha; next.title = "Alpha again"; return next }())
        try refresh()
        #expect(directories.asked.count == 2)
        #expect(try remoteItem(of: alpha).isPlayable)
    }

    @Test func withoutAPodcastIndexKeyTheItemStaysSilentAndNoOtherFeedIsFetched() throws {
        directories.answers = [.podcastindex: .failure(.missingKey)]
        let alpha = try subscribeAlpha()
        #expect(try !remoteItem(of: alpha).isPlayable)
        #expect(f.feeds.requests.map(\.0) == [CoreFixture.url("alpha")])
    }

    @Test func twoFeedsNamingTheSameGuidAtOnceAskPodcastIndexOnce() throws {
        directories.answers = [.podcastindex: .success([.named("Beta", CoreFixture.url("beta").absoluteString, in: .podcastindex)])]
        directories.delays = [.podcastindex: .seconds(1)]
        f.feeds.answers[CoreFixture.url("alpha")] = .channel(Self.alpha)
        var gamma = Self.alpha
        gamma.title = "Gamma"
        f.feeds.answers[CoreFixture.url("gamma")] = .channel(gamma)
        var reports: [UpdateReport] = []
        f.library.subscribe([CoreFixture.url("alpha"), CoreFixture.url("gamma")], autoQueue: false) { reports = $0 }
        f.timers.advance(1)
        #expect(directories.asked.count == 1, "the second joins the lookup under way")
        let podcasts = reports.compactMap(\.podcast)
        #expect(podcasts.count == 2)
        for podcast in podcasts { #expect(try remoteItem(of: podcast).isPlayable) }
    }

    @Test func aGuidOfAShowInTheLibraryIsFoundThereWithoutAskingPodcastIndex() throws {
        var beta = CoreFixture.show("beta", count: 2)
        beta.podcast.guid = Self.betaGuid
        try f.subscribe("beta", beta)
        let alpha = try subscribeAlpha()
        #expect(directories.asked.isEmpty)
        #expect(try remoteItem(of: alpha).soundURL == URL(string: "http://beta.test/2.mp3"))
    }

    @Test func anItemNamingTheFeedsOwnGuidPlaysItsOwnEpisodeWithoutAskingOrFetching() throws {
        var channel = CoreFixture.show("alpha", count: 2)
        channel.podcast.guid = Self.betaGuid
        channel.episodes.append(RemoteItemsTests.pointing("alpha-remote", to: nil, feedGuid: Self.betaGuid, item: "alpha-1"))
        let alpha = try subscribeAlpha(channel)
        #expect(directories.asked.isEmpty && f.feeds.requests.map(\.0) == [CoreFixture.url("alpha")])
        #expect(try remoteItem(of: alpha).soundURL == URL(string: "http://alpha.test/1.mp3"))
    }
}
