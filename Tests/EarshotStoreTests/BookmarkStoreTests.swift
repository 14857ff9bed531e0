import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// Bookmarks in the store: the transcript's words around the moment kept with the note, listed in the
/// episode's order or newest first, found by note or words said in any script, removed with their episode.
@Suite struct BookmarkStoreTests {
    @Test func aBookmarkKeepsTheWordsSaidAroundItsMomentAndGoesWithItsEpisode() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let podcast = try store.storeFeed(Sample.channel(["a", "b"]), url: Sample.feedURL, validators: FeedValidators()).podcast
        let episodes = try store.listEpisodes(podcast: podcast, filter: .all, matching: nil)
        let a = try #require(episodes.first { $0.guid == "a" }).id, b = try #require(episodes.first { $0.guid == "b" }).id
        try store.storeTranscript([
            TranscriptSegment(start: 0, end: 5, text: "Welcome."),
            TranscriptSegment(start: 40, end: 44, text: "今日は東京について話します。"),
            TranscriptSegment(start: 45, end: 50, text: "The bread needs a long rise."),
            TranscriptSegment(start: 200, end: 205, text: "Goodbye."),
        ], for: a, from: URL(string: "https://show.example/t.vtt")!, fetchedAt: Date())

        let first = try store.addBookmark(of: a, at: 47, note: "bread recipe", madeAt: Date(timeIntervalSinceReferenceDate: 1_000))
        #expect(first.said == "今日は東京について話します。 The bread needs a long rise.")
        #expect(first.episodeTitle == "Episode a" && first.podcastTitle == "Show")
        let early = try store.addBookmark(of: a, at: 3, note: "", madeAt: Date(timeIntervalSinceReferenceDate: 2_000))
        let other = try store.addBookmark(of: b, at: 10, note: "声音很好", madeAt: Date(timeIntervalSinceReferenceDate: 3_000))
        #expect(other.said == nil, "no transcript, nothing said")
        #expect(throws: StoreError.self) { try store.addBookmark(of: EpisodeID(rawValue: 999), at: 1, note: "", madeAt: Date()) }

        #expect(try store.bookmarks(of: a).map(\.id) == [early.id, first.id], "an episode's in its order")
        #expect(try store.bookmarks(of: nil).map(\.id) == [other.id, early.id, first.id], "all newest first")
        #expect(try store.findBookmarks(["BREAD"], podcast: nil, limit: 10).map(\.id) == [first.id])
        #expect(try store.findBookmarks(["東京"], podcast: nil, limit: 10).map(\.id) == [first.id], "found by what was said")
        #expect(try store.findBookmarks(["声音"], podcast: podcast, limit: 10).map(\.id) == [other.id])
        #expect(try store.findBookmarks(["bread", "goodbye"], podcast: nil, limit: 10).isEmpty, "every word must match")

        #expect(try store.removeBookmark(early.id))
        #expect(try store.removeBookmark(early.id) == false)
        try store.removePodcast(podcast)
        #expect(try store.bookmarks(of: nil).isEmpty, "removed with their episodes")
    }
}
