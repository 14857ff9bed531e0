import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// `Fixtures/earshot-v1.sqlite` was written by version 1's daemon (commit 1e89993) serving the bundled
/// demo feed copied to /tmp/v1gen/demo, on a private bus with `XDG_STATE_HOME=/tmp/v1gen/state`:
///
///     earshot --feed /tmp/v1gen/demo/feed.xml --audio-sink "fakesink sync=true" &
///     playerctl -p earshot previous   # three times: back to "Welcome to Earshot"
///     playerctl -p earshot play       # heard to its end (14 s); "Media keys…" starts
///     playerctl -p earshot position 4; playerctl -p earshot pause     # saved at 4.72 s
///     playerctl -p earshot next; playerctl -p earshot position 6.5    # "Your own feed", current
///     kill -TERM %1                   # the WAL is checkpointed into the file on the way out
@Suite("Store: migrating a version 1 database")
struct MigrationTests {
    private static let feedURL = URL(string: "file:///tmp/v1gen/demo/feed.xml")!

    /// A directory holding a copy of the fixture as `earshot.sqlite`, so that the migration never
    /// touches the committed file.
    private static func copyOfVersion1() throws -> TemporaryDirectory {
        let fixture = try #require(Bundle.module.url(forResource: "earshot-v1.sqlite", withExtension: nil, subdirectory: "Fixtures"))
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: fixture.path, toPath: directory.file("earshot.sqlite"))
        return directory
    }

    @Test func version1sFeedBecomesTheOnePodcastWithItsEpisodesProgressAndCurrentEpisode() throws {
        let copy = try Self.copyOfVersion1()
        let path = copy.file("earshot.sqlite")
        #expect(try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)).prefix(15), as: UTF8.self) == "SQLite format 3")
        let before = Date()
        let store = try Store(path: path)

        let podcasts = try store.podcasts()
        #expect(podcasts.count == 1)
        let podcast = try #require(podcasts.first)
        #expect(podcast.url == Self.feedURL)
        #expect(podcast.channel.title == "Earshot Demo")
        #expect(podcast.channel.author == "The Earshot developers")
        #expect(podcast.episodeCount == 4)
        #expect(podcast.unplayedCount == 3, "Welcome was heard to its end")
        #expect(podcast.addedAt >= before.addingTimeInterval(-1) && podcast.addedAt <= Date(), "added when the migration ran")

        let outline = try #require(try store.outline(id: podcast.id))
        #expect(outline.episodes.map(\.id) == ["earshot-demo-4", "earshot-demo-3", "earshot-demo-2", "earshot-demo-1"])
        #expect(outline.episodes.map(\.key.rawValue) == [1, 2, 3, 4])

        let current = try #require(try store.currentEpisode())
        #expect(current.podcast == podcast.id)
        #expect(current.episode == outline.episodes[1].key)
        #expect(current.status.lastListenTime == 6.5)
        #expect(current.status.isCurrentlyPlaying && !current.status.hasCompleted)
        #expect(podcast.lastPlayedAt == current.status.lastPlayedAt, "the last episode listened to was the current one")

        let statuses = try store.episodeStatuses(of: podcast.id)
        #expect(statuses.count == 4)
        #expect(statuses[outline.episodes[2].key]?.lastListenTime == 4.724215)
        #expect(statuses[outline.episodes[3].key]?.hasCompleted == true)
        #expect(statuses[outline.episodes[0].key]?.lastListenTime == 0)

        let welcome = try #require(try store.storedEpisode(outline.episodes[3].key))
        #expect(welcome.episode.title == "Welcome to Earshot")
        #expect(welcome.episode.duration == 14)
        #expect(welcome.episode.soundURL == URL(string: "file:///tmp/v1gen/demo/01-welcome.opus"))
        #expect(welcome.episode.chapters.isEmpty && welcome.storedChapters.isEmpty && welcome.learnedDuration == nil)
        #expect(welcome.episode.transcripts == [TranscriptLink(url: URL(string: "file:///tmp/v1gen/demo/01-welcome.vtt")!)],
                "the one transcript address of version 1 becomes a list of one")

        #expect(try store.episodeList(.upNext).isEmpty && store.episodeList(.history).isEmpty)
        #expect(try store.settings(for: nil).isEmpty)
        #expect(try store.pragma("integrity_check") == "ok")
        #expect(try store.executeCount("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }

    @Test func aMigratedLibraryTakesARefreshAndNewPodcastsLikeANewOne() throws {
        let copy = try Self.copyOfVersion1()
        let path = copy.file("earshot.sqlite")
        _ = try Store(path: path)
        let store = try Store(path: path)  // migrations run once
        let podcast = try #require(try store.podcastID(url: Self.feedURL))
        let outline = try #require(try store.outline(id: podcast))
        var channel = Channel(title: "Earshot Demo", episodes: outline.episodes.map { Episode(id: $0.id, soundURL: URL(string: "file:///x.opus")) })
        channel.episodes.insert(Episode(id: "earshot-demo-5", title: "New"), at: 0)
        let saved = try store.storeFeed(channel, url: Self.feedURL, validators: FeedValidators())
        #expect(saved.podcast == podcast && !saved.isNew && saved.episodeCount == 5)
        #expect(try store.listEpisodes(saved.newEpisodes).map(\.guid) == ["earshot-demo-5"])
        #expect(try store.currentEpisode()?.status.lastListenTime == 6.5, "progress survives the first refresh")

        let other = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        #expect(other.isNew)
        #expect(try store.podcasts().map(\.id) == [podcast, other.podcast])
    }
}
