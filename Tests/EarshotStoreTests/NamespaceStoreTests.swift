import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

/// The Podcasting 2.0 fields in the store (v15): kept with the feed and its episodes in the same write,
/// read back whole, found by person and by podcast:guid; new episodes with their guids.
@Suite struct NamespaceStoreTests {
    static func channel(episodes: [Episode]) -> Channel {
        var show = ShowNamespace()
        show.guid = "917393e3-1b1e-5cef-ace4-edaa54e1f810"
        show.people = [Person(name: "Adam Curry")]
        show.funding = [FundingLink(url: URL(string: "https://show.example/donate")!, text: "Support the show!")]
        show.podroll = [RemoteItem(feedGuid: "396d9ec6", feedURL: URL(string: "https://other.example/feed.xml"))]
        show.trailers = [Trailer(title: "Coming soon", url: URL(string: "https://cdn.example/trailer-2.mp3")!)]
        return Channel(title: "Show", episodes: episodes, podcast: show)
    }

    static func guestEpisode() -> Episode {
        var episode = Sample.episode("guest", day: 5)
        episode.podcast.people = [Person(name: "Vitalik Buterin", role: "guest")]
        episode.podcast.soundbites = [Soundbite(start: 73, duration: 60, title: "Why")]
        episode.podcast.alternateEnclosures = [AlternateEnclosure(type: "audio/opus", sources: [URL(string: "https://cdn.example/guest.opus")!],
                                                                  integrity: Integrity(type: "sri", value: "sha256-abc"))]
        return episode
    }

    @Test func aLiveShowOnTheAirIsNoNewEpisodeIsListedAsLiveAndSavedWithTheFeedsScheduleAndItsEpisode() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Self.channel(episodes: [Sample.episode("plain")])
        channel.podcast.updateFrequency = UpdateFrequency(text: "Daily", rule: "FREQ=DAILY")
        channel.podcast.liveItems = [LiveItem(status: "live", episode: Episode(id: "live-1", soundURL: URL(string: "https://stream.example/live")))]
        _ = try store.storeFeed(Channel(title: "Show", episodes: [Sample.episode("plain")]), url: Sample.feedURL, validators: FeedValidators())
        var live = channel.podcast.liveItems[0].episode
        live.podcast.live = LiveMark(status: "live")
        channel.episodes.append(live)
        let saved = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators())
        #expect(saved.newEpisodes.isEmpty, "a live stream is no new episode")
        let listed = try store.listEpisodes(podcast: saved.podcast, filter: .all, matching: nil)
        let episode = try #require(listed.first { $0.guid == "live-1" })
        #expect(episode.isLive && listed.filter { $0.isLive }.count == 1)
        #expect(saved.schedule == FeedSchedule(frequency: channel.podcast.updateFrequency,
                                               liveShows: [LiveShow(guid: "live-1", status: "live", episode: episode.id)]))
        #expect(try store.storedEpisode(episode.id)?.episode.podcast.live == LiveMark(status: "live"), "the mark is kept")
    }

    @Test func theNamespaceIsStoredWithTheFeedAndReadBackWhole() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let channel = Self.channel(episodes: [Sample.episode("plain"), Self.guestEpisode()])
        let podcast = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast

        #expect(try store.showNamespaces(of: podcast).map(\.fields) == [channel.podcast])
        #expect(try store.showNamespaces(of: nil).map(\.podcast) == [podcast])
        #expect(try store.podcastID(guid: "917393e3-1b1e-5cef-ace4-edaa54e1f810") == podcast)
        #expect(try store.podcastID(guid: "someone else") == nil)
        let listed = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil)
        let guest = try #require(listed.first { $0.guid == "guest" })
        #expect(guest.people.map(\.name) == ["Vitalik Buterin"], "listings carry the item's people")
        #expect(try store.storedEpisode(guest.id)?.episode.podcast == Self.guestEpisode().podcast)
        let plain = try #require(listed.first { $0.guid == "plain" })
        #expect(try store.read { db in try String.fetchOne(db, sql: "SELECT namespace FROM episode WHERE id = ?", arguments: [plain.id.rawValue]) } == nil,
                "an item without the namespace stores nothing")
    }

    @Test func episodesAreFoundByTheirPeopleOrTheirShowsPeopleRegardlessOfCase() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        _ = try store.storeFeed(Self.channel(episodes: [Sample.episode("plain"), Self.guestEpisode()]), url: Sample.feedURL, validators: FeedValidators())
        _ = try store.storeFeed(Sample.channel(["other"], title: "Other"), url: URL(string: "https://feeds.example/other.xml")!, validators: FeedValidators())
        #expect(try store.episodes(withPerson: "BUTERIN").map(\.guid) == ["guest"])
        #expect(try store.episodes(withPerson: "adam").map(\.guid) == ["guest", "plain"], "the show's host is in every episode, newest first")
        #expect(try store.episodes(withPerson: "nobody").isEmpty)
    }

    @Test func newEpisodesComeWithTheirGuidsInFeedOrderTrailersAmongThem() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        _ = try store.storeFeed(Self.channel(episodes: [Sample.episode("a")]), url: Sample.feedURL, validators: FeedValidators())
        var typed = Sample.episode("typed-trailer")
        typed.episodeType = "Trailer"
        let saved = try store.storeFeed(Self.channel(episodes: [Sample.episode("a"), typed, Sample.episode("b")]),
                                        url: Sample.feedURL, validators: FeedValidators())
        #expect(saved.episodeCount == 3)
        #expect(saved.newGuids == ["typed-trailer", "b"], "which of them are trailers is the Core's rule (TrailerRule)")
        #expect(try store.listEpisodes(saved.newEpisodes).map(\.guid).sorted() == ["b", "typed-trailer"])
    }
}
