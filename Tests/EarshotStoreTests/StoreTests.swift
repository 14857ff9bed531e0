import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: opening, migrations and files")
struct StoreFileTests {
    @Test func migrationsRunOnAnEmptyFileInADirectoryThatDoesNotExistYet() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("state/earshot/earshot.sqlite")
        let store = try Store(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.feed(url: Sample.feedURL) == nil)
        #expect(try store.feed(id: FeedID(rawValue: 1)) == nil)
        #expect(try store.current() == nil)
        #expect(try store.statuses(in: FeedID(rawValue: 1)).isEmpty)
        try store.executeRaw("SELECT count(*) FROM feed, episode, episodeStatus")
        #expect(try store.pragma("foreign_keys") == "1")
    }

    @Test func anEmptyExistingFileBecomesADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try Store(path: path)
        #expect(try store.saveFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators()).rawValue > 0)
    }

    @Test func openingTwiceRunsTheMigrationsOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        _ = try Store(path: path)
        _ = try Store(path: path)
        let store = try Store(path: path)
        #expect(try store.pragma("journal_mode") == "wal")
    }

    @Test func walModeWithNormalSynchronousIsOn() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        #expect(try store.pragma("journal_mode") == "wal")
        #expect(try store.pragma("synchronous") == "1", "1 is NORMAL")
    }

    @Test func aFileThatIsNotADatabaseGivesAClearError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let text = String(repeating: "this is a text file, not SQLite\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        #expect(error == .notADatabase(path: path))
        #expect(error?.description.contains(path) == true)
        #expect(error?.localizedDescription.contains("not an SQLite database") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "the file is left as it was")
    }

    @Test func aDirectoryThatCannotBeCreatedGivesAClearError() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let path = blocker + "/earshot/earshot.sqlite"
        let error = #expect(throws: StoreError.self) { try Store(path: path) }
        guard case .cannotOpen(let reported, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(reason.contains(blocker))
        #expect(error?.description.hasPrefix("cannot open the Earshot database at \(path)") == true)
    }

    @Test func aDatabaseFromANewerEarshotIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        try Store(path: path).executeRaw("INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        #expect(throws: StoreError.newerSchema(path: path)) { try Store(path: path) }
    }

    @Test func defaultPathFollowsXDGStateHome() {
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"]) == "/x/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"]) == "/home/u/.local/state/earshot/earshot.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u/"]) == "/home/u/.local/state/earshot/earshot.sqlite",
                "the XDG rules ignore a relative path")
    }
}

@Suite("Store: feeds and episodes")
struct StoreFeedTests {
    @Test func aFullChannelRoundTripsWithEveryFieldCJKTextAndNils() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let validators = FeedValidators(etag: "W/\"abc-日本\"", lastModified: "Tue, 05 Mar 2024 08:30:00 GMT")
        let checkedAt = Date(timeIntervalSinceReferenceDate: 731_287_800.987_654_321)
        let id = try store.saveFeed(Sample.fullChannel, url: Sample.feedURL, validators: validators, checkedAt: checkedAt)
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
        let id = try store.saveFeed(channel, url: Sample.feedURL, validators: FeedValidators(etag: "\"7\""))
        let outline = try #require(try store.outline(url: Sample.feedURL))
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
        #expect(try store.outline(id: id) == outline)
        #expect(try store.outline(url: URL(string: "https://other.example/feed")!) == nil)
    }

    @Test func oneEpisodeIsReadWithEveryFieldByItsGuid() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.saveFeed(Sample.fullChannel, url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.episode(Sample.fullEpisode.id, in: id) == Sample.fullEpisode)
        #expect(try store.episode("bare", in: id) == Sample.bareEpisode)
        #expect(try store.episode("missing", in: id) == nil)
        #expect(try store.episode("bare", in: FeedID(rawValue: id.rawValue + 1)) == nil, "guids are per feed")
    }

    @Test func anEpisodeIsFoundBySoundURLOrPageLink() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.saveFeed(Sample.fullChannel, url: Sample.feedURL, validators: FeedValidators())
        let episode = Sample.fullEpisode
        #expect(try store.episodeID(matching: episode.soundURL!.absoluteString, in: id) == episode.id)
        #expect(try store.episodeID(matching: episode.link!.absoluteString, in: id) == episode.id)
        #expect(try store.episodeID(matching: "https://elsewhere.example/", in: id) == nil)
    }

    @Test func aChannelWithNothingButDefaultsRoundTrips() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let id = try store.saveFeed(Channel(), url: Sample.feedURL, validators: FeedValidators())
        let stored = try #require(try store.feed(id: id))
        #expect(stored.channel == Channel())
        #expect(stored.validators.isEmpty)
    }

    @Test func aReleaseDateThatCouldNotBeParsedKeepsItsText() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let episode = Episode(id: "x", releaseDate: ReleaseDate(text: "sometime last spring", date: nil))
        let id = try store.saveFeed(Channel(episodes: [episode]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: id)?.channel.episodes == [episode])
    }

    @Test func savingAgainUpdatesTheSameFeedRowAndItsFields() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let first = try store.saveFeed(Sample.channel(["a"], title: "Old"), url: Sample.feedURL, validators: FeedValidators(etag: "1"))
        let second = try store.saveFeed(Sample.channel(["a"], title: "New"), url: Sample.feedURL, validators: FeedValidators(lastModified: "later"))
        #expect(first == second)
        let stored = try #require(try store.feed(id: first))
        #expect(stored.channel.title == "New")
        #expect(stored.validators == FeedValidators(lastModified: "later"), "a 200 replaces both validators, also by nil")
    }

    @Test func aRefreshKeepsStatusWhenTitlesChangeAndEpisodesComeAndGo() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        let playedAt = Date()
        try store.saveProgress(feed: feed, episode: "b", position: 120.25, completed: false, at: playedAt)
        try store.saveProgress(feed: feed, episode: "a", position: 1800, completed: true, at: playedAt)
        try store.makeCurrent(feed: feed, episode: "b")

        var refreshed = Sample.channel(["d", "c", "b"])
        refreshed.episodes[2].title = "Episode b (re-edited)"
        refreshed.episodes[2].duration = 1_234
        #expect(try store.saveFeed(refreshed, url: Sample.feedURL, validators: FeedValidators()) == feed)

        let stored = try #require(try store.feed(id: feed))
        #expect(stored.channel.episodes.map(\.id) == ["d", "c", "b", "a"], "the feed's order, then the one that left")
        #expect(stored.channel.episodes[2] == refreshed.episodes[2], "b has its new fields")
        #expect(stored.channel.episodes[3] == Sample.channel(["c", "b", "a"]).episodes[2], "a is kept as it was")
        let statuses = try store.statuses(in: feed)
        #expect(statuses["b"] == EpisodeStatus(lastListenTime: 120.25, lastPlayedAt: playedAt, hasCompleted: false, isCurrentlyPlaying: true))
        #expect(statuses["a"] == EpisodeStatus(lastListenTime: 1800, lastPlayedAt: playedAt, hasCompleted: true, isCurrentlyPlaying: false))
        #expect(statuses["d"] == nil && statuses["c"] == nil, "never played")
        #expect(try store.current()?.episode == "b")
    }

    @Test func removedEpisodesAreKeptAfterTheFeedsOwnInTheirPreviousOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["e", "d", "c", "b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        try store.saveFeed(Sample.channel(["f", "e", "c"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["f", "e", "c", "d", "b", "a"])
        try store.saveFeed(Sample.channel(["g", "b"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["g", "b", "f", "e", "c", "d", "a"],
                "b is back in the feed; the rest keep their order after it")
        try store.saveFeed(Channel(), url: Sample.feedURL, validators: FeedValidators())
        #expect(try store.feed(id: feed)?.channel.episodes.map(\.id) == ["g", "b", "f", "e", "c", "d", "a"], "an empty fetch deletes nothing")
    }

    @Test func aGuidListedTwiceKeepsItsFirstOccurrence() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["a", "b", "a"])
        channel.episodes[2].title = "duplicate"
        let feed = try store.saveFeed(channel, url: Sample.feedURL, validators: FeedValidators())
        let episodes = try #require(try store.feed(id: feed)).channel.episodes
        #expect(episodes.map(\.id) == ["a", "b"])
        #expect(episodes[0].title == "Episode a")
    }

    @Test func feedsAreSeparateAndTheSameGuidMayAppearInTwo() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let other = URL(string: "https://other.example/rss")!
        let one = try store.saveFeed(Sample.channel(["a", "b"], title: "One"), url: Sample.feedURL, validators: FeedValidators())
        let two = try store.saveFeed(Sample.channel(["a"], title: "Two"), url: other, validators: FeedValidators())
        #expect(one != two)
        try store.saveProgress(feed: two, episode: "a", position: 5, completed: false, at: Date())
        #expect(try store.statuses(in: one).isEmpty)
        #expect(try store.statuses(in: two)["a"]?.lastListenTime == 5)
        #expect(try store.feed(url: other)?.channel.title == "Two")
        #expect(try store.feed(url: Sample.feedURL)?.channel.episodes.count == 2)
    }

    @Test func markCheckedKeepsEpisodesAndUpdatesValidatorsThatArePresent() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(
            Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators(etag: "\"1\"", lastModified: "Mon"),
            checkedAt: Date(timeIntervalSinceReferenceDate: 100))
        let before = try #require(try store.feed(id: feed))

        try store.markChecked(feed, validators: FeedValidators(etag: "\"2\""), checkedAt: Date(timeIntervalSinceReferenceDate: 200))
        let after = try #require(try store.feed(id: feed))
        #expect(after.channel == before.channel)
        #expect(after.validators == FeedValidators(etag: "\"2\"", lastModified: "Mon"))
        #expect(after.lastCheckedAt == Date(timeIntervalSinceReferenceDate: 200))

        try store.markChecked(feed, validators: FeedValidators(), checkedAt: Date(timeIntervalSinceReferenceDate: 300))
        #expect(try store.feed(id: feed)?.validators == FeedValidators(etag: "\"2\"", lastModified: "Mon"), "a 304 without validators keeps them")
        #expect(throws: StoreError.noSuchFeed(FeedID(rawValue: 999))) {
            try store.markChecked(FeedID(rawValue: 999), validators: FeedValidators())
        }
    }

    @Test func moveFeedKeepsIdentityEpisodesAndProgress() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators(etag: "e"))
        try store.saveProgress(feed: feed, episode: "a", position: 42, completed: false, at: Date())
        let newURL = URL(string: "https://moved.example/feed?format=rss")!
        try store.moveFeed(feed, to: newURL)
        try store.moveFeed(feed, to: newURL)  // again: nothing to do

        #expect(try store.feed(url: Sample.feedURL) == nil)
        let moved = try #require(try store.feed(url: newURL))
        #expect(moved.id == feed)
        #expect(moved.url == newURL)
        #expect(moved.validators == FeedValidators(etag: "e"))
        #expect(moved.channel.episodes.map(\.id) == ["b", "a"])
        #expect(try store.statuses(in: feed)["a"]?.lastListenTime == 42)
        #expect(try store.saveFeed(Sample.channel(["c", "b", "a"]), url: newURL, validators: FeedValidators()) == feed,
                "the next fetch from the new URL updates the same feed")
    }

    @Test func moveFeedRefusesAnotherFeedsURLAndUnknownFeeds() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let other = URL(string: "https://other.example/rss")!
        let one = try store.saveFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        let two = try store.saveFeed(Sample.channel(["a"]), url: other, validators: FeedValidators())
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
        let feed = try store.saveFeed(channel, url: Sample.feedURL, validators: FeedValidators())
        try store.saveProgress(feed: feed, episode: "guid-4999", position: 61, completed: false, at: Date())
        let loaded = try #require(try store.feed(id: feed))
        #expect(loaded.channel == channel)

        var refreshed = Sample.channel(["new"] + ids.dropLast(10))
        refreshed.episodes[1].title = "renamed"
        try store.saveFeed(refreshed, url: Sample.feedURL, validators: FeedValidators())
        let episodes = try #require(try store.feed(id: feed)).channel.episodes
        #expect(episodes.count == 5_001)
        #expect(episodes.first?.id == "new")
        #expect(episodes[1].title == "renamed")
        #expect(episodes.suffix(10).map(\.id) == Array(ids.suffix(10)))
        #expect(try store.statuses(in: feed)["guid-4999"]?.lastListenTime == 61)
    }
}

@Suite("Store: progress and the current episode")
struct StoreProgressTests {
    @Test func saveProgressThenCurrentReturnsItsStatus() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        let first = Date(timeIntervalSinceReferenceDate: 731_287_800.000_000_1)
        try store.saveProgress(feed: feed, episode: "a", position: 10.5, completed: false, at: first)
        #expect(try store.current() == nil, "saving progress does not make an episode current")

        try store.makeCurrent(feed: feed, episode: "a")
        var current = try #require(try store.current())
        #expect(current.feed == feed)
        #expect(current.episode == "a")
        #expect(current.status == EpisodeStatus(lastListenTime: 10.5, lastPlayedAt: first, hasCompleted: false, isCurrentlyPlaying: true))

        let later = Date()
        try store.saveProgress(feed: feed, episode: "a", position: 99.75, completed: true, at: later)
        current = try #require(try store.current())
        #expect(current.status == EpisodeStatus(lastListenTime: 99.75, lastPlayedAt: later, hasCompleted: true, isCurrentlyPlaying: true),
                "progress keeps the episode current")
        try store.saveProgress(feed: feed, episode: "a", position: 0, completed: false, at: later)
        #expect(try store.current()?.status.hasCompleted == false, "completion can be undone (a completed episode replays)")
    }

    @Test func makingAnUnplayedEpisodeCurrentGivesItAnUnplayedStatus() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        try store.makeCurrent(feed: feed, episode: "a")
        var expected = EpisodeStatus.unplayed
        expected.isCurrentlyPlaying = true
        #expect(try store.current()?.status == expected)
        #expect(try store.statuses(in: feed) == ["a": expected])
    }

    @Test func exactlyOneEpisodeIsCurrentAcrossAllFeeds() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let one = try store.saveFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        let two = try store.saveFeed(Sample.channel(["x"]), url: URL(string: "https://two.example/rss")!, validators: FeedValidators())
        try store.saveProgress(feed: one, episode: "a", position: 30, completed: false, at: Date())

        try store.makeCurrent(feed: one, episode: "a")
        try store.makeCurrent(feed: one, episode: "a")
        try store.makeCurrent(feed: one, episode: "b")
        #expect(try store.current()?.episode == "b")
        #expect(try store.statuses(in: one).filter(\.value.isCurrentlyPlaying).map(\.key) == ["b"])
        #expect(try store.statuses(in: one)["a"]?.lastListenTime == 30, "switching away keeps progress")

        try store.makeCurrent(feed: two, episode: "x")
        let current = try #require(try store.current())
        #expect(current.feed == two && current.episode == "x")
        #expect(try store.statuses(in: one).values.allSatisfy { !$0.isCurrentlyPlaying })
    }

    @Test func theDatabaseItselfRefusesASecondCurrentEpisode() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        try store.makeCurrent(feed: feed, episode: "a")
        let error = #expect(throws: StoreError.self) {
            try store.executeRaw("""
                INSERT INTO episodeStatus (episodeId, isCurrentlyPlaying)
                SELECT id, 1 FROM episode WHERE guid = 'b'
                """)
        }
        guard case .database(_, let reason) = error else {
            Issue.record("expected a database error, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("UNIQUE"))
        #expect(try store.current()?.episode == "a")
    }

    @Test func progressForSomethingNotStoredOrANonsensePositionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let feed = try store.saveFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        let nowhere = FeedID(rawValue: 999)
        #expect(throws: StoreError.noSuchEpisode(feed: feed, episode: "zz")) {
            try store.saveProgress(feed: feed, episode: "zz", position: 1, completed: false, at: Date())
        }
        #expect(throws: StoreError.noSuchFeed(nowhere)) {
            try store.saveProgress(feed: nowhere, episode: "a", position: 1, completed: false, at: Date())
        }
        #expect(throws: StoreError.noSuchEpisode(feed: feed, episode: "zz")) { try store.makeCurrent(feed: feed, episode: "zz") }
        #expect(throws: StoreError.noSuchFeed(nowhere)) { try store.makeCurrent(feed: nowhere, episode: "a") }
        for position in [-1, .nan, .infinity] {
            #expect(throws: StoreError.self) {
                try store.saveProgress(feed: feed, episode: "a", position: position, completed: false, at: Date())
            }
        }
        #expect(try store.statuses(in: feed).isEmpty)
    }

    @Test func concurrentProgressWritesFromManyTasksAllLand() async throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let ids = (0..<20).map { "e\($0)" }
        let feed = try store.saveFeed(Sample.channel(ids), url: Sample.feedURL, validators: FeedValidators())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    for step in 1...10 {
                        try store.saveProgress(feed: feed, episode: id, position: Double(index * 100 + step), completed: false, at: Date())
                    }
                }
            }
            try await group.waitForAll()
        }
        let statuses = try store.statuses(in: feed)
        #expect(statuses.count == 20)
        for (index, id) in ids.enumerated() {
            #expect(statuses[id]?.lastListenTime == Double(index * 100 + 10))
        }
    }
}

@Suite("Store: durability and other connections")
struct StoreDurabilityTests {
    @Test func aNewStoreOnTheSameFileSeesEverything() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let playedAt = Date()
        let (feed, before): (FeedID, StoredFeed) = try {
            let store = try Store(path: path)
            let feed = try store.saveFeed(Sample.fullChannel, url: Sample.feedURL, validators: FeedValidators(etag: "x"))
            try store.saveProgress(feed: feed, episode: Sample.fullEpisode.id, position: 1_234.5, completed: false, at: playedAt)
            try store.makeCurrent(feed: feed, episode: Sample.fullEpisode.id)
            return (feed, try #require(try store.feed(id: feed)))
        }()

        let reopened = try Store(path: path)
        #expect(try reopened.feed(url: Sample.feedURL) == before)
        let current = try #require(try reopened.current())
        #expect(current.feed == feed)
        #expect(current.episode == Sample.fullEpisode.id)
        #expect(current.status == EpisodeStatus(lastListenTime: 1_234.5, lastPlayedAt: playedAt, hasCompleted: false, isCurrentlyPlaying: true))
    }

    @Test func aCommittedWriteIsVisibleAtOnceToAnotherConnection() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let writer = try Store(path: path)
        let reader = try Store(path: path)
        let feed = try writer.saveFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(try reader.feed(url: Sample.feedURL)?.id == feed)
        for step in 1...5 {
            try writer.saveProgress(feed: feed, episode: "a", position: Double(step), completed: false, at: Date())
            #expect(try reader.statuses(in: feed)["a"]?.lastListenTime == Double(step))
        }
        // And the other way round: both connections write.
        try reader.makeCurrent(feed: feed, episode: "a")
        #expect(try writer.current()?.status.lastListenTime == 5)
    }

    /// What a `kill -9` leaves: the files as they are on disk right after a commit, with the connection
    /// never closed and the WAL never checkpointed. A copy of them must open and hold the write.
    @Test func theFilesOnDiskRightAfterACommitHoldTheWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let store = try Store(path: path)
        let feed = try store.saveFeed(Sample.channel(["b", "a"]), url: Sample.feedURL, validators: FeedValidators())
        try store.makeCurrent(feed: feed, episode: "a")
        let playedAt = Date()
        try store.saveProgress(feed: feed, episode: "a", position: 77.5, completed: false, at: playedAt)

        let copy = directory.file("crashed/earshot.sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("crashed"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")

        let recovered = try Store(path: copy)
        #expect(try recovered.pragma("integrity_check") == "ok")
        let current = try #require(try recovered.current())
        #expect(current.feed == feed && current.episode == "a")
        #expect(current.status.lastListenTime == 77.5)
        #expect(current.status.lastPlayedAt == playedAt)
        #expect(try recovered.feed(id: feed)?.channel.episodes.map(\.id) == ["b", "a"])
        _ = store  // the original stays open, like a killed process's never-closed connection
    }
}
