import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: feeds and episodes")
struct StoreFeedTests {
    @Test func aFullChannelRoundTripsWithEveryFieldCJKTextAndNils() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let validators = FeedValidators(etag: "W/\"abc-日本\"", lastModified: "Tue, 05 Mar 2024 08:30:00 GMT")
        let checkedAt = Date(timeIntervalSinceReferenceDate: 731_287_800.987_654_321)
        let id = try store.storeFeed(Sample.fullChannel, url: Sample.feedURL, validators: validators, checkedAt: checkedAt).podcast
        let stored = try #require(try store.feed(url: Sample.feedURL))
        #expect(stored.id == id)
        #expect(stored.url == Sample.feedURL)
        #expect(stored.validators == validators)
        #expect(stored.lastCheckedAt == checkedAt)
        #expect(stored.channel == Sample.fullChannel)
        #expect(stored.channel.episodes[0] == Sample.fullEpisode, "every field, the date to the last bit")
        #expect(stored.channel.episodes[1] == Sample.bareEpisode, "nil fields stay nil")
        #expect(try store.feed(id: id) == stored)
    }

    @Test func anOutlineHoldsTheChannelFieldsAndOneLightEntryPerEpisodeInFeedOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let undated = Episode(id: "undated", releaseDate: ReleaseDate(text: "sometime", date: nil),
                              soundURL: URL(string: "https://cdn.example/u.mp3"))
        var channel = Sample.fullChannel
        channel.episodes.append(undated)
        let id = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators(etag: "\"7\"")).podcast
        #expect(try store.podcastID(url: Sample.feedURL) == id)
        let outline = try #require(try store.outline(id: id))
        var fields = Sample.fullChannel
        fields.episodes = []
        #expect(outline.id == id)
        #expect(outline.channel == fields, "the channel's own fields, no episodes")
        #expect(outline.validators == FeedValidators(etag: "\"7\""))
        let keys = outline.episodes.map(\.key)
        #expect(outline.episodes == [
            EpisodeEntry(id: Sample.fullEpisode.id, releaseDate: Sample.fullEpisode.releaseDate?.date, isPlayable: true, key: keys[0]),
            EpisodeEntry(id: "bare", releaseDate: nil, isPlayable: false, key: keys[1]),
            EpisodeEntry(id: "undated", releaseDate: nil, isPlayable: true, key: keys[2]),
        ])
        #expect(try keys.map { try store.storedEpisode($0)?.episode.id } == [Sample.fullEpisode.id, "bare", "undated"],
                "each entry's key is its episode's row id")
        #expect(try store.outline(id: PodcastID(rawValue: id.rawValue + 1)) == nil)
        #expect(try store.podcastID(url: URL(string: "https://other.example/feed")!) == nil)
    }

    @Test func oneEpisodeIsReadWithEveryFieldByItsIdentity() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.storeFeed(Sample.fullChannel, url: Sample.feedURL, validators: FeedValidators()).podcast
        let full = try store.episodeID(guid: Sample.fullEpisode.id, in: id), bare = try store.episodeID(guid: "bare", in: id)
        #expect(try store.storedEpisode(full) == StoredEpisode(id: full, podcast: id, episode: Sample.fullEpisode, status: .unplayed))
        #expect(try store.storedEpisode(bare)?.episode == Sample.bareEpisode)
        #expect(try store.storedEpisode(EpisodeID(rawValue: bare.rawValue + 1)) == nil)
    }

    @Test func anEpisodeSharingASoundURLIsFoundFirstByPodcastThenFeedOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["b", "a"])
        channel.episodes[1].soundURL = channel.episodes[0].soundURL
        let one = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
        _ = try store.storeFeed(Sample.channel(["b"]), url: URL(string: "https://other.example/rss")!, validators: FeedValidators())
        #expect(try store.episodeID(matching: "https://cdn.example/b.mp3") == store.episodeID(guid: "b", in: one))
        var reordered = channel
        reordered.episodes.reverse()
        _ = try store.storeFeed(reordered, url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.episodeID(matching: "https://cdn.example/b.mp3") == store.episodeID(guid: "a", in: one),
                "a comes first in the feed now and has the same sound URL")
    }

    @Test func aChannelWithNothingButDefaultsRoundTrips() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.storeFeed(Channel(), url: Sample.feedURL, validators: FeedValidators()).podcast
        let stored = try #require(try store.feed(id: id))
        #expect(stored.channel == Channel())
        #expect(stored.validators.isEmpty)
    }

    @Test func aReleaseDateThatCouldNotBeParsedKeepsItsText() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let episode = Episode(id: "x", releaseDate: ReleaseDate(text: "sometime last spring", date: nil))
        let id = try store.storeFeed(Channel(episodes: [episode]), url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(try store.feed(id: id)?.channel.episodes == [episode])
    }

    @Test func savingAgainUpdatesTheSameFeedRowAndItsFields() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let first = try store.storeFeed(Sample.channel(["a"], title: "Old"), url: Sample.feedURL, validators: FeedValidators(etag: "1")).podcast
        let second = try store.storeFeed(Sample.channel(["a"], title: "New"), url: Sample.feedURL,
                                         validators: FeedValidators(lastModified: "later")).podcast
        #expect(first == second)
        let stored = try #require(try store.feed(id: first))
        #expect(stored.channel.title == "New")
        #expect(stored.validators == FeedValidators(lastModified: "later"), "a 200 replaces both validators, also by nil")
    }

    @Test func aRefreshKeepsStatusWhenTitlesChangeAndEpisodesComeAndGo() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let a = try store.episodeID(guid: "a", in: feed), b = try store.episodeID(guid: "b", in: feed)
        let playedAt = Date()
        try store.saveProgress(of: b, position: 120.25, completed: false, at: playedAt)
        try store.saveProgress(of: a, position: 1800, completed: true, at: playedAt)
        try store.makeCurrent(b)

        var refreshed = Sample.channel(["d", "c", "b"])
        refreshed.episodes[2].title = "Episode b (re-edited)"
        refreshed.episodes[2].duration = 1_234
        #expect(try store.storeFeed(refreshed, url: Sample.feedURL, validators: FeedValidators()).podcast == feed)
        #expect(try store.episodeID(guid: "b", in: feed) == b, "a refresh keeps each episode's identity")

        let stored = try #require(try store.feed(id: feed))
        #expect(stored.channel.episodes.map(\.id) == ["d", "c", "b", "a"], "the feed's order, then the one that left")
        #expect(stored.channel.episodes[2] == refreshed.episodes[2], "b has its new fields")
        #expect(stored.channel.episodes[3] == Sample.channel(["c", "b", "a"]).episodes[2], "a is kept as it was")
        let statuses = try store.statusesByGuid(of: feed)
        #expect(statuses["b"] == EpisodeStatus(lastListenTime: 120.25, lastPlayedAt: playedAt, hasCompleted: false, isCurrentlyPlaying: true))
        #expect(statuses["a"] == EpisodeStatus(lastListenTime: 1800, lastPlayedAt: playedAt, hasCompleted: true, isCurrentlyPlaying: false))
        #expect(statuses["d"] == nil && statuses["c"] == nil, "never played")
        #expect(try store.currentEpisode()?.episode == b)
    }

    @Test func removedEpisodesAreKeptAfterTheFeedsOwnInTheirPreviousOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["e", "d", "c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        _ = try store.storeFeed(Sample.channel(["f", "e", "c"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["f", "e", "c", "d", "b", "a"])
        _ = try store.storeFeed(Sample.channel(["g", "b"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["g", "b", "f", "e", "c", "d", "a"],
                "b is back in the feed; the rest keep their order after it")
        _ = try store.storeFeed(Channel(), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["g", "b", "f", "e", "c", "d", "a"], "an empty fetch deletes nothing")
    }

    @Test func aFeedThatRenamesEveryGuidOnEveryFetchKeepsItsEpisodesAndTheirPlaces() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        // The same three episodes (same audio) under new guids each time, as some hosts do.
        func renamed(_ round: Int) -> Channel {
            var channel = Sample.channel(["c", "b", "a"])
            for index in channel.episodes.indices { channel.episodes[index].id = "\(channel.episodes[index].id)-\(round)" }
            return channel
        }
        let feed = try store.storeFeed(renamed(0), url: Sample.feedURL, validators: FeedValidators()).podcast
        let b = try #require(try store.episodeID(guid: "b-0", in: feed))
        try store.saveProgress(of: b, position: 61, completed: false, at: Date())
        try store.makeCurrent(b)
        for round in 1...5 {
            let saved = try store.storeFeed(renamed(round), url: Sample.feedURL, validators: FeedValidators())
            #expect(saved.newEpisodes.isEmpty, "a renamed episode is not a new one")
            #expect(saved.episodeCount == 3, "fetch \(round) adds no rows")
        }
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["c-5", "b-5", "a-5"])
        #expect(try store.episodeID(guid: "b-5", in: feed) == b, "the episode keeps its identity under its new guid")
        #expect(try store.statusesByGuid(of: feed)["b-5"]?.lastListenTime == 61)
        #expect(try store.currentEpisode()?.episode == b)
    }

    @Test func aNewGuidTakesOverOnlyAnEpisodeThatLeftTheFeedWithTheSameAudio() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        // "a2" reuses a's audio while a is still listed: two episodes. "c" has audio of its own: new.
        var channel = Sample.channel(["c", "b", "a"])
        channel.episodes.append(Sample.episode("a2"))
        channel.episodes[3].soundURL = channel.episodes[2].soundURL
        let saved = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators())
        #expect(saved.newEpisodes.count == 2)
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["c", "b", "a", "a2"])
    }

    @Test func aGuidListedTwiceKeepsItsFirstOccurrence() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["a", "b", "a"])
        channel.episodes[2].title = "duplicate"
        let feed = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
        let episodes = try #require(try store.feed(id: feed)).channel.episodes
        #expect(episodes.map(\.id) == ["a", "b"])
        #expect(episodes[0].title == "Episode a")
    }

    @Test func feedsAreSeparateAndTheSameGuidMayAppearInTwo() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let other = URL(string: "https://other.example/rss")!
        let one = try store.storeFeed(Sample.channel(["a", "b"], title: "One"), url: Sample.feedURL, validators: FeedValidators()).podcast
        let two = try store.storeFeed(Sample.channel(["a"], title: "Two"), url: other, validators: FeedValidators()).podcast
        #expect(one != two)
        let twosA = try store.episodeID(guid: "a", in: two)
        #expect(try store.episodeID(guid: "a", in: one) != twosA, "each podcast's a is an episode of its own")
        try store.saveProgress(of: twosA, position: 5, completed: false, at: Date())
        #expect(try store.episodeStatuses(of: one).isEmpty)
        #expect(try store.episodeStatuses(of: two)[twosA]?.lastListenTime == 5)
        #expect(try store.feed(url: other)?.channel.title == "Two")
        #expect(try store.feed(url: Sample.feedURL)?.channel.episodes.count == 2)
    }

    @Test func markCheckedRecordsTheCheckTimeOfManyFeedsAndKeepsTheirEpisodesAndValidators() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(
            Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators(etag: "\"1\"", lastModified: "Mon"),
            checkedAt: Date(timeIntervalSinceReferenceDate: 100)).podcast
        let other = try store.storeFeed(Sample.channel(["c"]), url: URL(string: "http://example.com/other.xml")!,
                                        validators: FeedValidators(), checkedAt: Date(timeIntervalSinceReferenceDate: 100)).podcast
        let before = try #require(try store.feed(id: feed))

        try store.markChecked([feed, FeedID(rawValue: 999), other], checkedAt: Date(timeIntervalSinceReferenceDate: 200))
        let after = try #require(try store.feed(id: feed))
        #expect(after.channel == before.channel)
        #expect(after.validators == FeedValidators(etag: "\"1\"", lastModified: "Mon"))
        #expect(after.lastCheckedAt == Date(timeIntervalSinceReferenceDate: 200))
        #expect(try store.feed(id: other)?.lastCheckedAt == Date(timeIntervalSinceReferenceDate: 200), "a feed removed meanwhile (999) is passed over")
    }

    @Test func moveFeedKeepsIdentityEpisodesAndProgress() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators(etag: "e")).podcast
        let a = try store.episodeID(guid: "a", in: feed)
        try store.saveProgress(of: a, position: 42, completed: false, at: Date())
        let newURL = URL(string: "https://moved.example/feed?format=rss")!
        try store.moveFeed(feed, to: newURL)
        try store.moveFeed(feed, to: newURL)  // again: nothing to do

        #expect(try store.feed(url: Sample.feedURL)?.url == newURL, "the old address leads to the feed where it lives now")
        let moved = try #require(try store.feed(url: newURL))
        #expect(moved.id == feed)
        #expect(moved.url == newURL)
        #expect(moved.validators == FeedValidators(etag: "e"))
        #expect(moved.channel.episodes.map(\.id) == ["b", "a"])
        #expect(try store.episodeStatuses(of: feed)[a]?.lastListenTime == 42)
        #expect(try store.storeFeed(Sample.channel(["c", "b", "a"]), url: newURL, validators: FeedValidators()).podcast == feed,
                "the next fetch from the new URL updates the same feed")
    }

    @Test func moveFeedRefusesAnotherFeedsURLAndUnknownFeeds() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let other = URL(string: "https://other.example/rss")!
        let one = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let two = try store.storeFeed(Sample.channel(["a"]), url: other, validators: FeedValidators()).podcast
        #expect(throws: StoreError.urlInUse(other, by: two)) { try store.moveFeed(one, to: other) }
        #expect(try store.feed(id: one)?.url == Sample.feedURL)
        #expect(throws: StoreError.noSuchFeed(FeedID(rawValue: 999))) {
            try store.moveFeed(FeedID(rawValue: 999), to: URL(string: "https://nowhere.example/")!)
        }
    }

    @Test func fiveThousandEpisodesSaveInOneGoAndRefreshWithoutLosingProgress() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let ids = (0..<5_000).map { "guid-\($0)" }
        var channel = Sample.channel(ids)
        for index in channel.episodes.indices {
            channel.episodes[index].rawDescription = String(repeating: "Show notes for \(index). ", count: 40)
        }
        let feed = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
        let last = try store.episodeID(guid: "guid-4999", in: feed)
        try store.saveProgress(of: last, position: 61, completed: false, at: Date())
        let loaded = try #require(try store.feed(id: feed))
        #expect(loaded.channel == channel)

        var refreshed = Sample.channel(["new"] + ids.dropLast(10))
        refreshed.episodes[1].title = "renamed"
        _ = try store.storeFeed(refreshed, url: Sample.feedURL, validators: FeedValidators())
        let episodes = try #require(try store.feed(id: feed)).channel.episodes
        #expect(episodes.count == 5_001)
        #expect(episodes.first?.id == "new")
        #expect(episodes[1].title == "renamed")
        #expect(episodes.suffix(10).map(\.id) == Array(ids.suffix(10)))
        #expect(try store.episodeStatuses(of: feed)[last]?.lastListenTime == 61)
    }
}
