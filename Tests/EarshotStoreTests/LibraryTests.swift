import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: the library of podcasts")
struct LibraryPodcastTests {
    @Test func podcastsComeInAddedOrderWithEpisodeAndUnplayedCountsAndLastPlayed() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let second = URL(string: "https://two.example/rss")!, third = URL(string: "https://three.example/rss")!
        let one = try store.storeFeed(Sample.channel(["c", "b", "a"], title: "One"), url: Sample.feedURL, validators: FeedValidators(etag: "e1"),
                                      checkedAt: Date(timeIntervalSinceReferenceDate: 1_000)).podcast
        let two = try store.storeFeed(Sample.channel(["y", "x"], title: "Two"), url: second, validators: FeedValidators(),
                                      checkedAt: Date(timeIntervalSinceReferenceDate: 2_000)).podcast
        let three = try store.storeFeed(Channel(title: "Empty"), url: third, validators: FeedValidators(),
                                        checkedAt: Date(timeIntervalSinceReferenceDate: 3_000)).podcast
        _ = try store.storeFeed(Sample.channel(["d", "c", "b", "a"], title: "One again"), url: Sample.feedURL, validators: FeedValidators(),
                            checkedAt: Date(timeIntervalSinceReferenceDate: 4_000))
        let episodes = try store.listEpisodes(podcast: one, filter: .all, matching: nil)
        let a = try #require(episodes.first { $0.guid == "a" }).id, b = try #require(episodes.first { $0.guid == "b" }).id
        try store.saveProgress(of: a, position: 1_800, completed: true, at: Date(timeIntervalSinceReferenceDate: 5_000))
        try store.saveProgress(of: b, position: 60, completed: false, at: Date(timeIntervalSinceReferenceDate: 7_000))

        let podcasts = try store.podcasts()
        #expect(podcasts.map(\.id) == [one, two, three], "in the order they were added, not refreshed")
        #expect(podcasts.map(\.channel.title) == ["One again", "Two", "Empty"])
        #expect(podcasts.map(\.episodeCount) == [4, 2, 0])
        #expect(podcasts.map(\.unplayedCount) == [3, 2, 0], "completed episodes are not unplayed; started ones are")
        #expect(podcasts.map(\.lastPlayedAt) == [Date(timeIntervalSinceReferenceDate: 7_000), nil, nil])
        #expect(podcasts.map(\.addedAt) == [1_000, 2_000, 3_000].map(Date.init(timeIntervalSinceReferenceDate:)))
        #expect(podcasts[0].lastCheckedAt == Date(timeIntervalSinceReferenceDate: 4_000))
        #expect(podcasts[0].url == Sample.feedURL && podcasts[1].url == second)
        #expect(podcasts[0].channel.episodes.isEmpty, "a summary carries no episodes")
        #expect(try store.podcast(one) == podcasts[0])
        #expect(try store.podcast(three) == podcasts[2])
        #expect(try store.podcast(PodcastID(rawValue: 999)) == nil)
    }

    @Test func podcastIDIsFoundByTheFeedsCurrentURLAndByTheAddressesItLivedAtWhichTheSummaryLists() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(try store.podcastID(url: Sample.feedURL) == id)
        let moved = URL(string: "https://moved.example/feed")!
        try store.moveFeed(id, to: moved)
        #expect(try store.podcastID(url: moved) == id)
        #expect(try store.podcastID(url: Sample.feedURL) == id, "its former address")
        let redirecting = URL(string: "https://short.example/show")!
        try store.addFormerURL(redirecting, of: id)
        #expect(try store.podcastID(url: redirecting) == id)
        #expect(Set(try store.podcast(id)?.formerURLs ?? []) == [Sample.feedURL, redirecting])

        let other = try store.storeFeed(Sample.channel(["b"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        #expect(other != id, "a feed stored at a former address is a new feed")
        #expect(try store.podcastID(url: Sample.feedURL) == other, "the feed living there wins over a former address")
        try store.moveFeed(id, to: Sample.feedURL.appendingPathComponent("x"))
        #expect(try store.podcast(id)?.formerURLs.contains(moved) == true)
        try store.removePodcast(id)
        #expect(try store.podcastID(url: redirecting) == nil, "former addresses go with their podcast")
    }

    @Test func storeFeedSaysANewSubscriptionIsNewAndThenListsOnlyTheEpisodesEachFetchAdded() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let first = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(first.isNew)
        #expect(first.newEpisodes.isEmpty, "a new subscription's back catalogue is not new episodes")
        #expect(first.episodeCount == 2)

        let same = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(same == SavedFeed(podcast: first.podcast, isNew: false, newEpisodes: [], episodeCount: 2))

        let refreshed = try store.storeFeed(Sample.channel(["d", "c", "a"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(!refreshed.isNew)
        #expect(refreshed.episodeCount == 4, "b left the feed but stays stored")
        #expect(try store.listEpisodes(refreshed.newEpisodes).map(\.guid) == ["d", "c"], "in feed order")
    }

    @Test func removingAPodcastDeletesItsEpisodesProgressListEntriesAndSettingsAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let gone = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let kept = try store.storeFeed(Sample.channel(["x"]), url: URL(string: "https://kept.example/rss")!, validators: FeedValidators()).podcast
        let goneEpisodes = try store.listEpisodes(podcast: gone, filter: .all, matching: nil).map(\.id)
        let x = try #require(try store.listEpisodes(podcast: kept, filter: .all, matching: nil).first).id
        try store.saveProgress(of: goneEpisodes[0], position: 12, completed: false, at: Date())
        try store.makeCurrent(goneEpisodes[1])
        try store.saveEpisodeList(.upNext, [goneEpisodes[0], x, goneEpisodes[1]])
        try store.saveEpisodeList(.history, [goneEpisodes[1]])
        try store.saveSetting("auto-queue", value: "off", for: gone)
        try store.saveSetting("auto-queue", value: "on", for: kept)
        try store.saveSetting("auto-queue", value: "on", for: nil)

        try store.removePodcast(gone)
        #expect(try store.podcasts().map(\.id) == [kept])
        #expect(try store.outline(id: gone) == nil)
        #expect(try goneEpisodes.allSatisfy { try store.storedEpisode($0) == nil })
        #expect(try store.episodeStatuses(of: gone).isEmpty)
        #expect(try store.currentEpisode() == nil, "its current episode is current no more")
        #expect(try store.episodeList(.upNext) == [x])
        #expect(try store.episodeList(.history).isEmpty)
        #expect(try store.settings(for: gone).isEmpty)
        #expect(try store.settings(for: kept) == ["auto-queue": "on"])
        #expect(try store.settings(for: nil) == ["auto-queue": "on"])
        #expect(try store.executeCount("SELECT count(*) FROM episodeStatus") == 0)
        #expect(try store.executeCount("SELECT count(*) FROM setting WHERE podcastId = \(gone.rawValue)") == 0)
        #expect(throws: StoreError.noSuchFeed(gone)) { try store.removePodcast(gone) }
    }
}

@Suite("Store: episodes of the library")
struct LibraryEpisodeTests {
    /// Two podcasts: "One" with dated episodes (a: day 1 … c: day 3) and two undated ones; "Two" with
    /// one episode on day 2.
    private static func library() throws -> (TemporaryDirectory, Store, one: PodcastID, two: PodcastID) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["c", "b", "a"], title: "One")
        channel.episodes[0].releaseDate?.date = Date(timeIntervalSince1970: 3 * 86_400)
        channel.episodes[2].releaseDate?.date = Date(timeIntervalSince1970: 1 * 86_400)
        channel.episodes[0].title = "Été à Paris"
        channel.episodes[1].title = "ΣΟΦΙΑ and the café"
        channel.episodes += [Episode(id: "u1", title: "Undated one"), Episode(id: "u2", title: "Undated two")]
        let one = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
        var other = Sample.channel(["t"], title: "Two")
        other.episodes[0].releaseDate?.date = Date(timeIntervalSince1970: 2.5 * 86_400)
        other.episodes[0].title = "CAFE"
        let two = try store.storeFeed(other, url: URL(string: "https://two.example/rss")!, validators: FeedValidators()).podcast
        return (directory, store, one, two)
    }

    @Test func listingIsNewestFirstWithUndatedEpisodesAfterInFeedOrder() throws {
        let (_, store, one, two) = try Self.library()
        #expect(try store.listEpisodes(podcast: one, filter: .all, matching: nil).map(\.guid) == ["c", "b", "a", "u1", "u2"])
        #expect(try store.listEpisodes(podcast: two, filter: .all, matching: nil).map(\.guid) == ["t"])
        #expect(try store.listEpisodes(podcast: one, filter: .all, matching: nil, limit: 2).map(\.guid) == ["c", "b"], "the newest two")
        let all = try store.listEpisodes(podcast: nil, filter: .all, matching: nil)
        #expect(all.map(\.guid) == ["c", "t", "b", "a", "u1", "u2"], "the whole library, by date across podcasts")
        #expect(all.map(\.podcastTitle) == ["One", "Two", "One", "One", "One", "One"])
    }

    @Test func aListingCarriesWhatTheListShowsWithTheFeedsDurationElseTheLearnedOne() throws {
        let (_, store, one, _) = try Self.library()
        var listing = try store.listEpisodes(podcast: one, filter: .all, matching: nil)
        let c = listing[0]
        #expect(c.podcast == one && c.guid == "c" && c.title == "Été à Paris")
        #expect(c.releaseDate == Date(timeIntervalSince1970: 3 * 86_400))
        #expect(c.soundURL == URL(string: "https://cdn.example/c.mp3") && c.isPlayable)
        #expect(c.status == .unplayed && c.duration == nil)
        #expect(listing[3].isPlayable == false && listing[3].soundURL == nil, "u1 has no audio")
        try store.saveLearnedDuration(of: c.id, seconds: 61.5)
        try store.saveProgress(of: c.id, position: 30, completed: false, at: Date(timeIntervalSinceReferenceDate: 9))
        listing = try store.listEpisodes(podcast: one, filter: .all, matching: nil)
        #expect(listing[0].duration == 61.5)
        #expect(listing[0].status == EpisodeStatus(lastListenTime: 30, lastPlayedAt: Date(timeIntervalSinceReferenceDate: 9)))
    }

    @Test func unplayedOnlyLeavesOutCompletedEpisodesButKeepsStartedOnes() throws {
        let (_, store, one, _) = try Self.library()
        let listing = try store.listEpisodes(podcast: one, filter: .all, matching: nil)
        try store.saveProgress(of: listing[0].id, position: 100, completed: true, at: Date())
        try store.saveProgress(of: listing[1].id, position: 10, completed: false, at: Date())
        #expect(try store.listEpisodes(podcast: one, filter: .unplayed, matching: nil).map(\.guid) == ["b", "a", "u1", "u2"])
        #expect(try store.listEpisodes(podcast: nil, filter: .unplayed, matching: nil).map(\.guid) == ["t", "b", "a", "u1", "u2"])
    }

    @Test func matchingFindsATitleSubstringRegardlessOfCaseAlsoBeyondASCII() throws {
        let (_, store, one, _) = try Self.library()
        func titles(_ text: String?, podcast: PodcastID? = nil) throws -> [String] {
            try store.listEpisodes(podcast: podcast, filter: .all, matching: text).map(\.guid)
        }
        #expect(try titles("undated") == ["u1", "u2"])
        #expect(try titles("ÉTÉ") == ["c"], "É lowercases to é: SQLite's LIKE would not find it")
        #expect(try titles("sofia") == [], "no transliteration")
        #expect(try titles("σοφια") == ["b"], "Greek capitals lowercase")
        #expect(try titles("café") == ["b"], "é is not e")
        #expect(try titles("cafe\u{301}") == ["b"], "a decomposed é matches a precomposed one")
        #expect(try titles("cafe") == ["t"])
        #expect(try titles("cafe", podcast: one) == [])
        #expect(try titles("") == ["c", "t", "b", "a", "u1", "u2"], "empty text matches everything")
        #expect(try titles("%") == [], "no LIKE wildcards")
    }

    @Test func listingByIDsKeepsTheOrderGivenAndLeavesOutUnknownIDs() throws {
        let (_, store, _, two) = try Self.library()
        let all = try store.listEpisodes(podcast: nil, filter: .all, matching: nil)
        let t = try #require(all.first { $0.podcast == two }).id
        let ids = [all[4].id, EpisodeID(rawValue: 999), t, all[0].id]
        #expect(try store.listEpisodes(ids).map(\.guid) == ["u1", "t", "c"])
        #expect(try store.listEpisodes([]).isEmpty)
        #expect(try store.listEpisodes(ids).first == all[4])
    }

    @Test func aStoredEpisodeHasEveryFeedFieldItsStatusLearnedDurationAndBothKindsOfChapters() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var full = Sample.fullEpisode
        full.chapters = [Chapter(start: 0, title: "Intro"), Chapter(start: 61.25, title: "第二章", link: URL(string: "https://x.example/2"),
                                                                       image: URL(string: "https://x.example/2.png"))]
        let podcast = try store.storeFeed(Channel(episodes: [full]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let id = try #require(try store.outline(id: podcast)?.episodes.first?.key)
        #expect(try store.storedEpisode(id) == StoredEpisode(id: id, podcast: podcast, episode: full, status: .unplayed))

        let fetched = [Chapter(start: 0, title: ""), Chapter(start: 1_800.5, title: "Later")]
        try store.saveChapters(of: id, fetched)
        try store.saveLearnedDuration(of: id, seconds: 3_725.25)
        try store.saveProgress(of: id, position: 42, completed: false, at: Date(timeIntervalSinceReferenceDate: 77))
        let expected = StoredEpisode(id: id, podcast: podcast, episode: full, status: EpisodeStatus(lastListenTime: 42, lastPlayedAt: Date(timeIntervalSinceReferenceDate: 77)),
                                     learnedDuration: 3_725.25, storedChapters: fetched)
        #expect(try store.storedEpisode(id) == expected)

        full.title = "retitled"
        full.chapters = []
        _ = try store.storeFeed(Channel(episodes: [full]), url: Sample.feedURL, validators: FeedValidators())
        let refreshed = try #require(try store.storedEpisode(id))
        #expect(refreshed.episode == full, "the feed's chapters follow the feed")
        #expect(refreshed.storedChapters == fetched && refreshed.learnedDuration == 3_725.25, "a refresh keeps what was learned")

        try store.saveChapters(of: id, [])
        #expect(try store.storedEpisode(id)?.storedChapters == [])
        #expect(try store.storedEpisode(EpisodeID(rawValue: 999)) == nil)
    }

    @Test func learnedDurationsAndChaptersAreRefusedForNonsenseOrUnknownEpisodes() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let id = try #require(try store.outline(id: podcast)?.episodes.first?.key)
        let unknown = EpisodeID(rawValue: 999)
        for seconds in [0, -1, .infinity] {
            #expect(throws: StoreError.invalidDuration(seconds)) { try store.saveLearnedDuration(of: id, seconds: seconds) }
        }
        #expect(throws: StoreError.self) { try store.saveLearnedDuration(of: id, seconds: .nan) }
        #expect(throws: StoreError.noSuchEpisodeID(unknown)) { try store.saveLearnedDuration(of: unknown, seconds: 5) }
        #expect(throws: StoreError.noSuchEpisodeID(unknown)) { try store.saveChapters(of: unknown, [Chapter(start: 0, title: "x")]) }
        #expect(throws: StoreError.invalidPosition(.infinity)) { try store.saveChapters(of: id, [Chapter(start: .infinity, title: "x")]) }
        #expect(try store.storedEpisode(id)?.learnedDuration == nil)
    }

    @Test func anEpisodeIsFoundAcrossTheLibraryBySoundURLOrPageLink() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        _ = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        let two = try store.storeFeed(Sample.fullChannel, url: URL(string: "https://two.example/rss")!, validators: FeedValidators()).podcast
        let full = try #require(try store.outline(id: two)?.episodes.first?.key)
        #expect(try store.episodeID(matching: Sample.fullEpisode.soundURL!.absoluteString) == full)
        #expect(try store.episodeID(matching: Sample.fullEpisode.link!.absoluteString) == full)
        #expect(try store.episodeID(matching: "https://cdn.example/a.mp3").flatMap { try store.storedEpisode($0)?.episode.id } == "a")
        #expect(try store.episodeID(matching: "https://elsewhere.example/") == nil)
    }
}

@Suite("Store: progress, lists and settings by episode identity")
struct LibraryProgressTests {
    @Test func exactlyOneEpisodeIsCurrentInTheWholeLibraryAndProgressIsKept() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let one = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let two = try store.storeFeed(Sample.channel(["x"]), url: URL(string: "https://two.example/rss")!, validators: FeedValidators()).podcast
        let ids = try #require(try store.outline(id: one)).episodes.map(\.key)
        let x = try #require(try store.outline(id: two)?.episodes.first?.key)
        #expect(try store.currentEpisode() == nil)

        try store.saveProgress(of: ids[1], position: 30, completed: false, at: Date(timeIntervalSinceReferenceDate: 5))
        try store.makeCurrent(ids[1])
        try store.makeCurrent(ids[1])
        #expect(try store.currentEpisode() == CurrentEpisode(
            episode: ids[1], podcast: one,
            status: EpisodeStatus(lastListenTime: 30, lastPlayedAt: Date(timeIntervalSinceReferenceDate: 5), isCurrentlyPlaying: true)))
        try store.makeCurrent(x)
        #expect(try store.currentEpisode()?.episode == x)
        #expect(try store.currentEpisode()?.podcast == two)
        #expect(try store.episodeStatuses(of: one) == [
            ids[1]: EpisodeStatus(lastListenTime: 30, lastPlayedAt: Date(timeIntervalSinceReferenceDate: 5)),
        ], "switching away keeps progress; only played episodes have a status")
        #expect(try store.executeCount("SELECT count(*) FROM episodeStatus WHERE isCurrentlyPlaying = 1") == 1)

        let unknown = EpisodeID(rawValue: 999)
        #expect(throws: StoreError.noSuchEpisodeID(unknown)) { try store.makeCurrent(unknown) }
        #expect(throws: StoreError.noSuchEpisodeID(unknown)) { try store.saveProgress(of: unknown, position: 1, completed: false, at: Date()) }
        #expect(throws: StoreError.invalidPosition(-1)) { try store.saveProgress(of: x, position: -1, completed: false, at: Date()) }
        #expect(try store.currentEpisode()?.episode == x)
    }

    @Test func savingAListReplacesItInOrderWithoutDuplicatesOrUnknownEpisodes() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["d", "c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let ids = try #require(try store.outline(id: podcast)).episodes.map(\.key)
        #expect(try store.episodeList(.upNext).isEmpty)

        try store.saveEpisodeList(.upNext, [ids[2], ids[0], EpisodeID(rawValue: 999), ids[2], ids[1]])
        #expect(try store.episodeList(.upNext) == [ids[2], ids[0], ids[1]], "first place kept, unknown id left out")
        try store.saveEpisodeList(.history, [ids[3]])
        try store.saveEpisodeList(.upNext, [ids[1], ids[2]])
        #expect(try store.episodeList(.upNext) == [ids[1], ids[2]], "replaced, not appended")
        #expect(try store.episodeList(.history) == [ids[3]], "lists are separate")
        try store.saveEpisodeList(.upNext, [])
        #expect(try store.episodeList(.upNext).isEmpty)
        #expect(try store.episodeList(.history) == [ids[3]])
    }

    @Test func aListThatCannotBeSavedWhollyIsNotSavedAtAll() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let store = try Store(path: path)
        let podcast = try store.storeFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let ids = try #require(try store.outline(id: podcast)).episodes.map(\.key)
        try store.saveEpisodeList(.upNext, [ids[0]])
        // A trigger that fails the second insert stands in for a disk error halfway through.
        try store.executeRaw("""
            CREATE TRIGGER failSecond BEFORE INSERT ON episodeList WHEN NEW.position = 1
            BEGIN SELECT RAISE(ABORT, 'disk full'); END
            """)
        #expect(throws: StoreError.self) { try store.saveEpisodeList(.upNext, [ids[1], ids[0]]) }
        #expect(try store.episodeList(.upNext) == [ids[0]], "the old list is intact")
    }

    @Test func settingsRoundTripPerPodcastAndLibraryWideAndNilRemovesThem() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let store = try Store(path: path)
        let one = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let two = try store.storeFeed(Sample.channel(["x"]), url: URL(string: "https://two.example/rss")!, validators: FeedValidators()).podcast
        #expect(try store.settings(for: nil).isEmpty && store.settings(for: one).isEmpty)

        try store.saveSetting("auto-queue", value: "on", for: nil)
        try store.saveSetting("playback-rate", value: "1.5", for: nil)
        try store.saveSetting("auto-queue", value: "off", for: one)
        try store.saveSetting("auto-queue", value: "on", for: one)
        try store.saveSetting("skip-intro", value: "30 s — 日本", for: one)
        #expect(try store.settings(for: nil) == ["auto-queue": "on", "playback-rate": "1.5"])
        #expect(try store.settings(for: one) == ["auto-queue": "on", "skip-intro": "30 s — 日本"], "a podcast's own settings only")
        #expect(try store.settings(for: two).isEmpty)
        #expect(try store.allSettings() == [nil: ["auto-queue": "on", "playback-rate": "1.5"],
                                            one: ["auto-queue": "on", "skip-intro": "30 s — 日本"]], "all at once, the same")

        try store.saveSetting("auto-queue", value: nil, for: one)
        try store.saveSetting("absent", value: nil, for: nil)
        #expect(try Store(path: path).settings(for: one) == ["skip-intro": "30 s — 日本"], "saved on disk")
        #expect(try store.settings(for: nil).count == 2, "removing a podcast's setting leaves the default")
        #expect(throws: StoreError.noSuchFeed(PodcastID(rawValue: 999))) {
            try store.saveSetting("auto-queue", value: "on", for: PodcastID(rawValue: 999))
        }
    }
}
