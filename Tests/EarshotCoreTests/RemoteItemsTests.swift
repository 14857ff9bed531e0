@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// An item that plays another feed's episode (`podcast:remoteItem`) takes that episode's audio before
/// its feed is stored.
@Suite("Remote items: an item playing another feed's episode")
struct RemoteItemsTests {
    static let own = URL(string: "http://alpha.test/feed.xml")!
    static let other = URL(string: "http://beta.test/feed.xml")!

    static func pointing(_ guid: String, to feed: URL?, feedGuid: String? = nil, item: String?, medium: String? = "podcast") -> Episode {
        var episode = Episode(id: guid, title: guid)
        episode.podcast.remoteItem = RemoteItem(feedGuid: feedGuid, feedURL: feed, itemGuid: item, medium: medium)
        return episode
    }

    @Test func theFeedsNamedAreThoseOfItemsWithoutAudioPointingAtAPodcastsEpisode() {
        let channel = Channel(title: "Alpha", episodes: [
            Self.pointing("a", to: Self.other, item: "beta-1"), Self.pointing("b", to: Self.other, item: "beta-2"),
            Self.pointing("music", to: URL(string: "http://music.test/feed.xml"), item: "t", medium: "music"),
            Self.pointing("self", to: Self.own, item: "x"), Self.pointing("no-item", to: URL(string: "http://gamma.test/feed.xml"), item: nil)])
        #expect(RemoteItems.sources(in: channel, own: Self.own) == [.feed(Self.other)])
    }

    @Test func aFeedNamedByGuidAloneIsToBeLookedUpUnlessAnotherItemGivesItsAddress() {
        let channel = Channel(title: "Alpha", episodes: [
            Self.pointing("a", to: nil, feedGuid: "guid-beta", item: "beta-1"),
            Self.pointing("b", to: nil, feedGuid: "guid-gamma", item: "gamma-1"),
            Self.pointing("c", to: Self.other, feedGuid: "guid-beta", item: "beta-2"),
            Self.pointing("d", to: nil, feedGuid: "guid-gamma", item: "gamma-2"),
            Self.pointing("e", to: nil, feedGuid: nil, item: "nowhere")])
        let sources = RemoteItems.sources(in: channel, own: Self.own)
        #expect(sources == [.feed(Self.other), .guid("guid-gamma")], "guid-beta's address is given beside it by item c")
        #expect(RemoteItems.guids(in: sources) == ["guid-gamma"])
        let gamma = URL(string: "http://gamma.test/feed.xml")!
        #expect(RemoteItems.feeds(for: sources, addresses: ["guid-gamma": gamma], own: Self.own) == [Self.other, gamma])
        #expect(RemoteItems.feeds(for: sources, addresses: [:], own: Self.own) == [Self.other], "a guid not found is not fetched")
    }

    @Test func atMostFourFeedsAreFetchedWhetherNamedByAddressOrByGuid() {
        let channel = Channel(title: "Alpha", episodes: (1...6).map { number in
            number.isMultiple(of: 2) ? Self.pointing("a\(number)", to: URL(string: "http://f\(number).test/feed.xml"), item: "x")
                : Self.pointing("a\(number)", to: nil, feedGuid: "guid-\(number)", item: "x")
        })
        let sources = RemoteItems.sources(in: channel, own: Self.own)
        #expect(sources.count == RemoteItems.feedsAtOnce && RemoteItems.feedsAtOnce == 4)
        #expect(sources == [.guid("guid-1"), .feed(URL(string: "http://f2.test/feed.xml")!), .guid("guid-3"),
                            .feed(URL(string: "http://f4.test/feed.xml")!)])
    }

    @Test func anItemNamingTheFeedsOwnGuidTakesItsOwnEpisodesAudioWithNothingToFetch() {
        var channel = CoreFixture.show("alpha", count: 2)
        channel.podcast.guid = "A1B2C3D4-0000-5000-8000-000000000001"
        channel.episodes.append(Self.pointing("again", to: nil, feedGuid: "a1b2c3d4-0000-5000-8000-000000000001", item: "alpha-1"))
        channel.episodes.append(Self.pointing("again-by-address", to: Self.own, item: "alpha-2"))
        #expect(RemoteItems.sources(in: channel, own: Self.own).isEmpty)
        let filled = RemoteItems.filled(channel, own: Self.own, from: [:])
        #expect(filled.episodes[2].soundURL == URL(string: "http://alpha.test/1.mp3") && filled.episodes[2].title == "again")
        #expect(filled.episodes[3].soundURL == URL(string: "http://alpha.test/2.mp3"))
    }

    @Test func anItemTakesTheAudioOfTheEpisodeItNamesAndOneNotFoundStaysSilent() {
        let channel = Channel(title: "Alpha", episodes: [Self.pointing("a", to: Self.other, item: "beta-1"), Self.pointing("b", to: Self.other, item: "gone")])
        let beta = CoreFixture.show("beta", count: 2)
        let filled = RemoteItems.filled(channel, own: Self.own, from: [Self.other: beta])
        #expect(filled.episodes[0].soundURL == URL(string: "http://beta.test/1.mp3") && filled.episodes[0].duration == 600)
        #expect(filled.episodes[0].title == "a", "the item keeps what it says of itself")
        #expect(filled.episodes[1].soundURL == nil)
    }

    @Test func anItemNamedByGuidTakesTheAudioOfTheFeedItsGuidWasFoundAt() {
        let channel = Channel(title: "Alpha", episodes: [Self.pointing("a", to: nil, feedGuid: "guid-beta", item: "beta-2"),
                                                         Self.pointing("b", to: nil, feedGuid: "guid-unknown", item: "beta-1")])
        let filled = RemoteItems.filled(channel, own: Self.own, from: [Self.other: CoreFixture.show("beta", count: 2)],
                                        addresses: ["guid-beta": Self.other])
        #expect(filled.episodes[0].soundURL == URL(string: "http://beta.test/2.mp3"))
        #expect(filled.episodes[1].soundURL == nil, "a guid whose feed was not found leaves the item as the feed gave it")
    }

    @Test func subscribingToAFeedWithARemoteItemFetchesTheOtherFeedAndTheItemPlays() throws {
        let f = try CoreFixture()
        f.feeds.answers[Self.other] = .channel(CoreFixture.show("beta", count: 2))
        let alpha = try f.subscribe("alpha", Channel(title: "Alpha", episodes: [Self.pointing("alpha-remote", to: Self.other, item: "beta-2")]))
        #expect(f.feeds.requests.map(\.0).contains(Self.other))
        let listing = try #require(try f.store.listEpisodes(podcast: alpha, filter: .all, matching: nil).first)
        #expect(listing.isPlayable && listing.soundURL == URL(string: "http://beta.test/2.mp3"))
    }
}
