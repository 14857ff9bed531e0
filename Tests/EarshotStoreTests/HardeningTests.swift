import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// Databases edited by hand (issue 13): every reader answers, without stopping the process, whatever
/// the columns hold. Each test edits a database, then opens it afresh as a daemon start does.
@Suite("Store: reading a database with unexpected values")
struct HardeningTests {
    /// A library of one podcast, episodes "b" (3,600 s in the feed) and "a" (no length), "a" current.
    private struct Library {
        let directory: TemporaryDirectory
        let path: String
        let podcast: PodcastID
        let a: EpisodeID
        let b: EpisodeID

        init() throws {
            directory = try TemporaryDirectory()
            path = directory.file("earshot.sqlite")
            let store = try Store(path: path)
            var channel = Sample.channel(["b", "a"])
            channel.episodes[0].duration = 3_600
            podcast = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators()).podcast
            let keys = try #require(try store.outline(id: podcast)).episodes.map(\.key)
            (b, a) = (keys[0], keys[1])
            try store.saveProgress(of: a, position: 10, completed: false, at: Date())
            try store.saveProgress(of: b, position: 10, completed: false, at: Date())
            try store.makeCurrent(a)
        }

        /// Runs `sql` on the file, then opens it as a new start would.
        func edited(_ sql: String) throws -> (Store, Warnings) {
            try Store(path: path).executeRaw(sql)
            let warnings = Warnings()
            return (try Store(path: path, warning: warnings.sink), warnings)
        }
    }

    /// Every reader, so that a test can check none of them stops the process.
    private static func readEverything(_ store: Store, _ library: Library) throws {
        _ = try store.podcasts()
        _ = try store.podcast(library.podcast)
        _ = try store.outline(id: library.podcast)
        _ = try store.podcastID(url: Sample.feedURL)
        for filter in EpisodeFilter.allCases { _ = try store.listEpisodes(podcast: nil, filter: filter, matching: "e") }
        _ = try store.listEpisodes([library.a, library.b])
        _ = try store.episodeID(matching: "https://cdn.example/a.mp3")
        _ = try store.episodeToResume(in: library.podcast)
        _ = try store.storedEpisode(library.a)
        _ = try store.storedEpisode(library.b)
        _ = try store.episodeStatuses(of: library.podcast)
        _ = try store.currentEpisode()
        _ = try store.episodeList(.upNext)
        _ = try store.settings(for: nil)
    }

    @Test func aHugePositionIsClampedToTheEpisodesLengthOrToOneHundredDays() throws {
        let library = try Library()
        let (store, _) = try library.edited("UPDATE episodeStatus SET lastListenTime = 1e300")
        try Self.readEverything(store, library)
        #expect(try store.currentEpisode()?.status.lastListenTime == StoredValues.longestPosition, "a has no known length")
        #expect(try store.episodeStatuses(of: library.podcast)[library.b]?.lastListenTime == 3_600, "b's feed says 3,600 s")
        #expect(try store.storedEpisode(library.b)?.status.lastListenTime == 3_600)
        #expect(try store.listEpisodes([library.b]).first?.status.lastListenTime == 3_600)
        #expect(StoredValues.longestPosition * 1_000_000_000 < Double(Int64.max), "fits in Int64 nanoseconds")
    }

    @Test func aPositionPastTheEndResumesAtTheEndNotAtAWrappedPosition() throws {
        let library = try Library()
        let (store, _) = try library.edited("UPDATE episodeStatus SET lastListenTime = 1e12")
        #expect(try store.storedEpisode(library.b)?.status.lastListenTime == 3_600)
        try store.saveLearnedDuration(of: library.b, seconds: 3_599.5)
        #expect(try store.storedEpisode(library.b)?.status.lastListenTime == 3_599.5, "the audio's own length wins over the feed's")
        try store.saveLearnedDuration(of: library.a, seconds: 90)
        #expect(try store.currentEpisode()?.status.lastListenTime == 90)
    }

    @Test func negativePositionsAndLengthsReadAsZeroAndUnknown() throws {
        let library = try Library()
        let (store, _) = try library.edited("""
            UPDATE episodeStatus SET lastListenTime = -5;
            UPDATE episode SET duration = -1, learnedDuration = 0;
            """)
        try Self.readEverything(store, library)
        #expect(try store.currentEpisode()?.status.lastListenTime == 0)
        #expect(try store.storedEpisode(library.b)?.episode.duration == nil)
        #expect(try store.storedEpisode(library.b)?.learnedDuration == nil)
    }

    @Test func textInNumberColumnsReadsAsAbsentValues() throws {
        let library = try Library()
        let (store, _) = try library.edited("""
            UPDATE episodeStatus SET lastListenTime = 'halfway', lastPlayedAt = 'yesterday';
            UPDATE episode SET duration = 'long', releaseDate = 'Tuesday', learnedDuration = x'00',
                soundByteLength = 'big', season = 'three', episodeNumber = 1e300, feedOrder = 'first';
            UPDATE feed SET lastCheckedAt = 'never', addedAt = 'once', title = x'34';
            """)
        try Self.readEverything(store, library)
        let current = try #require(try store.currentEpisode())
        #expect(current.episode == library.a)
        #expect(current.status == EpisodeStatus(lastListenTime: 0, lastPlayedAt: nil, hasCompleted: false, isCurrentlyPlaying: true))
        let b = try #require(try store.storedEpisode(library.b))
        #expect(b.episode.duration == nil && b.episode.releaseDate?.date == nil && b.learnedDuration == nil)
        #expect(b.episode.soundByteLength == nil && b.episode.season == nil && b.episode.episodeNumber == nil)
        #expect(b.episode.title == "Episode b", "the readable fields are kept")
        let podcast = try #require(try store.podcasts().first)
        #expect(podcast.lastCheckedAt == nil && podcast.channel.title == nil && podcast.episodeCount == 2)
        #expect(try store.outline(id: library.podcast)?.episodes.count == 2)
    }

    @Test func anEpisodeWithABlobGuidIsSkippedWithAWarning() throws {
        let library = try Library()
        let (store, warnings) = try library.edited("UPDATE episode SET guid = x'00ff' WHERE guid = 'a'")
        try Self.readEverything(store, library)
        #expect(try store.outline(id: library.podcast)?.episodes.map(\.id) == ["b"])
        #expect(try store.listEpisodes(podcast: nil, filter: .all, matching: nil).map(\.guid) == ["b"])
        #expect(try store.storedEpisode(library.a) == nil)
        #expect(try store.currentEpisode()?.episode == library.a, "the row id still names it")
        #expect(try Set(store.episodeStatuses(of: library.podcast).keys) == [library.a, library.b], "and its progress")
        #expect(warnings.all.contains { $0.contains("guid is not text") }, "\(warnings.all)")
    }

    @Test func anEpisodeWithANullGuidIsSkippedWithAWarning() throws {
        let library = try Library()
        // The schema says NOT NULL; another program (or an older sqlite3 session) may have dropped that.
        try Store(path: library.path).executeRaw("""
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, 'guid TEXT NOT NULL', 'guid TEXT') WHERE name = 'episode';
            PRAGMA writable_schema = OFF;
            """)
        let (store, warnings) = try library.edited("UPDATE episode SET guid = NULL WHERE guid = 'b'")
        try Self.readEverything(store, library)
        #expect(try store.outline(id: library.podcast)?.episodes.map(\.id) == ["a"])
        #expect(try store.listEpisodes([library.b, library.a]).map(\.guid) == ["a"])
        #expect(try store.storedEpisode(library.b) == nil)
        #expect(try store.currentEpisode()?.episode == library.a)
        #expect(!warnings.all.isEmpty)
    }

    @Test func aPodcastWhoseURLCannotBeReadIsSkippedWithAWarning() throws {
        let library = try Library()
        let other = try Store(path: library.path).storeFeed(Sample.channel(["x"]), url: URL(string: "https://ok.example/rss")!,
                                                            validators: FeedValidators()).podcast
        let (store, warnings) = try library.edited("UPDATE feed SET url = x'01' WHERE id = \(library.podcast.rawValue)")
        try Self.readEverything(store, library)
        #expect(try store.podcasts().map(\.id) == [other])
        #expect(try store.podcast(library.podcast) == nil)
        #expect(try store.outline(id: library.podcast) == nil)
        #expect(!warnings.all.isEmpty && warnings.all.allSatisfy { $0 == "skipped \(library.podcast): its URL cannot be read" },
                "\(warnings.all)")
    }

    @Test func chaptersThatAreNotJSONReadAsNoneWithAWarning() throws {
        let library = try Library()
        let (store, warnings) = try library.edited("UPDATE episode SET chapters = '[{\"start\": \"soon\"}', feedChapters = x'00'")
        let b = try #require(try store.storedEpisode(library.b))
        #expect(b.storedChapters.isEmpty && b.episode.chapters.isEmpty)
        #expect(warnings.all.contains("ignored stored chapters that cannot be read"))
    }

    /// What the sqlite3 shell allows (it does not enforce foreign keys unless told to).
    @Test func rowsThatBreakForeignKeysAreSkipped() throws {
        let library = try Library()
        do {
            let store = try Store(path: library.path)
            try store.saveEpisodeList(.upNext, [library.b, library.a])
            try store.pool.writeWithoutTransaction { db in
                try db.execute(sql: """
                    PRAGMA foreign_keys = OFF;
                    UPDATE episode SET feedId = 'nowhere' WHERE id = \(library.a.rawValue);
                    INSERT INTO episodeList (name, position, episodeId) VALUES ('upNext', 2, 999), ('history', 0, 'x');
                    PRAGMA foreign_keys = ON;
                    """)
            }
        }
        let store = try Store(path: library.path)
        try Self.readEverything(store, library)
        #expect(try store.currentEpisode() == nil, "a's podcast cannot be read")
        #expect(try store.storedEpisode(library.a) == nil)
        #expect(try store.listEpisodes(podcast: nil, filter: .all, matching: nil).map(\.guid) == ["b"])
        #expect(try store.episodeList(.upNext) == [library.b, library.a], "entries of episodes that are not stored are left out")
        #expect(try store.episodeList(.history).isEmpty)
    }
}
