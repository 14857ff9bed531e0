import EarshotCore
import EarshotFeed
import EarshotMPRIS
@testable import EarshotService
import EarshotStore
import Foundation
import Testing

/// Cover art in memory: `cached` images are on disk already; fetches are recorded and fail.
private final class ArtShelf: ArtLookup {
    var cached: [URL: URL] = [:]
    private(set) var fetched: [URL] = []
    func cachedFile(for remote: URL) -> URL? { cached[remote] }
    func fetch(_ remote: URL, completion: @escaping (Result<URL, ArtError>) -> Void) {
        fetched.append(remote)
        completion(.failure(.missingFile(path: remote.path)))
    }
}

/// What GNOME Shell and Plasma read of the playing episode.
@Suite("MPRIS metadata: the artist is never empty, lengths in microseconds, art only as a local file")
struct NowPlayingMetadataTests {
    static let cover = URL(string: "http://art.test/show.jpg")!

    static func episode(title: String? = "Episode one") -> StoredEpisode {
        StoredEpisode(id: EpisodeID(rawValue: 7), podcast: PodcastID(rawValue: 1),
                      episode: Episode(id: "guid-1", title: title, soundURL: URL(string: "http://audio.test/1.mp3")),
                      status: .unplayed)
    }

    static func podcast(title: String?, author: String?) -> PodcastSummary {
        var channel = Channel(title: title, author: author, episodes: [])
        channel.profileImage = cover
        return PodcastSummary(id: PodcastID(rawValue: 1), url: URL(string: "http://feeds.test/show.xml")!, channel: channel,
                              validators: FeedValidators(), episodeCount: 1, unplayedCount: 1, lastCheckedAt: nil, lastPlayedAt: nil,
                              addedAt: Date())
    }

    @Test func theArtistIsTheAuthorElseTheShowElseTheFeedsHost() {
        let metadata = NowPlayingMetadata(art: ArtShelf())
        #expect(metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: "Show", author: "Host Person"), length: nil).artist
                == ["Host Person"])
        #expect(metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: "Show", author: nil), length: nil).artist == ["Show"])
        #expect(metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: nil, author: nil), length: nil).artist == ["feeds.test"])
    }

    @Test func theLengthIsInMicrosecondsAndTheShowIsTheAlbum() {
        let shown = NowPlayingMetadata(art: ArtShelf()).metadata(of: Self.episode(), podcast: Self.podcast(title: "Show", author: nil),
                                                                 length: .milliseconds(1500))
        #expect(shown.length == 1_500_000)
        #expect(shown.album == "Show")
        #expect(shown.title == "Episode one")
    }

    @Test func aCoverIsPublishedOnlyOnceItIsALocalFile() {
        let art = ArtShelf()
        let metadata = NowPlayingMetadata(art: art)
        let first = metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: "Show", author: nil), length: nil)
        #expect(first.artURL == nil, "not cached: nothing is published")
        #expect(art.fetched == [Self.cover], "and it is fetched")
        art.cached[Self.cover] = URL(fileURLWithPath: "/cache/art/show.jpg")
        let other = NowPlayingMetadata(art: art)
        #expect(other.metadata(of: Self.episode(), podcast: Self.podcast(title: "Show", author: nil), length: nil).artURL
                == "file:///cache/art/show.jpg")
    }

    @Test func aChapterWithATitleIsTheArtistWhileItPlays() {
        let chapters = [Chapter(start: 0, title: "Intro"), Chapter(start: 60, title: "")]
        let metadata = NowPlayingMetadata(art: ArtShelf())
        let podcast = Self.podcast(title: "Show", author: nil)
        #expect(metadata.metadata(of: Self.episode(), podcast: podcast, length: nil, chapters: chapters, chapter: 0).artist == ["Intro"])
        #expect(metadata.metadata(of: Self.episode(), podcast: podcast, length: nil, chapters: chapters, chapter: 1).artist == ["Show"],
                "an untitled chapter leaves the show")
    }
}

extension NowPlayingMetadataTests {
    @Test func aShowRenamedByARefreshWhileItsEpisodePlaysIsShownByItsNewName() {
        let metadata = NowPlayingMetadata(art: ArtShelf())
        #expect(metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: "Old name", author: nil), length: nil).album == "Old name")
        let renamed = metadata.metadata(of: Self.episode(), podcast: Self.podcast(title: "New name", author: nil), length: nil)
        #expect(renamed.album == "New name")
        #expect(renamed.artist == ["New name"])
    }
}

/// Cover art whose downloads wait until the test ends them.
private final class SlowArt: ArtLookup {
    var cached: [URL: URL] = [:]
    private var waiting: [URL: (Result<URL, ArtError>) -> Void] = [:]
    func cachedFile(for remote: URL) -> URL? { cached[remote] }
    func fetch(_ remote: URL, completion: @escaping (Result<URL, ArtError>) -> Void) { waiting[remote] = completion }
    func arrive(_ remote: URL, as file: URL) {
        cached[remote] = file
        waiting.removeValue(forKey: remote)?(.success(file))
    }
    func fail(_ remote: URL) { waiting.removeValue(forKey: remote)?(.failure(.missingFile(path: remote.path))) }
}

/// Plasma loads images asynchronously and keeps the one that finishes loading last: an image published
/// and replaced 2 ms later can stay for the whole chapter.
@Suite("MPRIS art: never an image about to be replaced")
struct ArtNotReplacedTests {
    private static let cover = NowPlayingMetadataTests.cover
    private static let chapterImage = URL(string: "http://art.test/chapter-1.jpg")!

    private static func shown(_ metadata: NowPlayingMetadata) -> String? {
        metadata.metadata(of: NowPlayingMetadataTests.episode(), podcast: NowPlayingMetadataTests.podcast(title: "Show", author: nil),
                          length: nil, chapters: [Chapter(start: 0, title: "Intro", image: chapterImage)], chapter: 0).artURL
    }

    @Test func theShowsCoverIsNotPublishedWhileTheFirstChaptersImageIsOnItsWay() {
        let art = SlowArt()
        art.cached[Self.cover] = URL(fileURLWithPath: "/cache/art/show.jpg")
        let metadata = NowPlayingMetadata(art: art)
        var announced = 0
        metadata.onArtArrived = { announced += 1 }
        #expect(Self.shown(metadata) == nil, "the cover would be replaced a moment later")
        art.arrive(Self.chapterImage, as: URL(fileURLWithPath: "/cache/art/chapter-1.jpg"))
        #expect(announced == 1)
        #expect(Self.shown(metadata) == "file:///cache/art/chapter-1.jpg")
    }

    @Test func aChapterImageThatCannotBeHadGivesWayToTheCover() {
        let art = SlowArt()
        art.cached[Self.cover] = URL(fileURLWithPath: "/cache/art/show.jpg")
        let metadata = NowPlayingMetadata(art: art)
        var announced = 0
        metadata.onArtArrived = { announced += 1 }
        #expect(Self.shown(metadata) == nil)
        art.fail(Self.chapterImage)
        #expect(announced == 1, "the change is announced")
        #expect(Self.shown(metadata) == "file:///cache/art/show.jpg")
    }
}
