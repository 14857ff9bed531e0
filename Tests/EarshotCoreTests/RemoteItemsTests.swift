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

    static func pointing(_ guid: String, to feed: URL?, item: String?, medium: String? = "podcast") -> Episode {
        var episode = Episode(id: guid, title: guid)
        episode.podcast.remoteItem = RemoteItem(feedGuid: nil, feedURL: feed, itemGuid: item, medium: medium)
        return episode
    }

    @Test func theFeedsNamedAreThoseOfItemsWithoutAudioPointingAtAPodcastsEpisode() {
        let channel = Channel(title: "Alpha", episodes: [
            Self.pointing("a", to: Self.other, item: "beta-1"), Self.pointing("b", to: Self.other, item: "beta-2"),
            Self.pointing("music", to: URL(string: "http://music.test/feed.xml"), item: "t", medium: "music"),
            Self.pointing("self", to: Self.own, item: "x"), Self.pointing("no-item", to: URL(string: "http://gamma.test/feed.xml"), item: nil)])
        #expect(RemoteItems.feeds(in: channel, own: Self.own) == [Self.other])
    }

    @Test func anItemTakesTheAudioOfTheEpisodeItNamesAndOneNotFoundStaysSilent() {
        let channel = Channel(title: "Alpha", episodes: [Self.pointing("a", to: Self.other, item: "beta-1"), Self.pointing("b", to: Self.other, item: "gone")])
        let beta = CoreFixture.show("beta", count: 2)
        let filled = RemoteItems.filled(channel, from: [Self.other: beta])
        #expect(filled.episodes[0].soundURL == URL(string: "http://beta.test/1.mp3") && filled.episodes[0].duration == 600)
        #expect(filled.episodes[0].title == "a", "the item keeps what it says of itself")
        #expect(filled.episodes[1].soundURL == nil)
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
