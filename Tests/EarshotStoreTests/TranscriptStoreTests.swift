import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: transcripts")
struct TranscriptStoreTests {
    private static let url = URL(string: "https://show.example/1.vtt")!

    private static func library() throws -> (TemporaryDirectory, Store, EpisodeID) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let saved = try store.storeFeed(Sample.channel(["a"]), url: Sample.feedURL, validators: FeedValidators())
        let episode = try #require(try store.outline(id: saved.podcast)?.episodes.first?.key)
        return (directory, store, episode)
    }

    @Test func aTranscriptIsReadBackInOrderWithItsAddressAndFetchTime() throws {
        let (_, store, episode) = try Self.library()
        let segments = [TranscriptSegment(start: 0, end: 4.5, speaker: "Ana", text: "Hello"),
                        TranscriptSegment(start: 4.5, text: "and welcome"), TranscriptSegment(text: "untimed")]
        let fetched = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
        try store.storeTranscript(segments, for: episode, from: Self.url, fetchedAt: fetched)
        #expect(try store.transcript(of: episode) == StoredTranscript(url: Self.url, fetchedAt: fetched, segments: segments))
    }

    @Test func storingAgainReplacesTheTranscriptAndTimesThatAreNotNumbersAreAbsent() throws {
        let (_, store, episode) = try Self.library()
        try store.storeTranscript([TranscriptSegment(text: "one"), TranscriptSegment(text: "two")], for: episode, from: Self.url)
        try store.storeTranscript([TranscriptSegment(start: .nan, end: .infinity, text: "three")], for: episode, from: Self.url)
        #expect(try store.transcript(of: episode)?.segments == [TranscriptSegment(text: "three")])
    }

    @Test func anEpisodeThatIsNotStoredHasNoTranscript() throws {
        let (_, store, _) = try Self.library()
        let missing = EpisodeID(rawValue: 999)
        #expect(throws: StoreError.noSuchEpisodeID(missing)) {
            try store.storeTranscript([TranscriptSegment(text: "x")], for: missing, from: Self.url)
        }
        #expect(try store.transcript(of: missing) == nil)
    }

    @Test func failedAttemptsAreCountedUntilATranscriptIsStored() throws {
        let (_, store, episode) = try Self.library()
        let later = Date(timeIntervalSinceReferenceDate: 800_000_000)
        try store.recordTranscriptFailure(of: episode, url: Self.url, failure: "HTTP 503", nextAttemptAt: nil)
        let second = try store.recordTranscriptFailure(of: episode, url: Self.url, failure: "timed out", nextAttemptAt: later)
        #expect(second == TranscriptAttempt(episode: episode, url: Self.url, failure: "timed out", attempts: 2, nextAttemptAt: later))
        #expect(try store.transcriptAttempt(of: episode) == second)
        try store.storeTranscript([TranscriptSegment(text: "x")], for: episode, from: Self.url)
        #expect(try store.transcriptAttempt(of: episode) == nil)
    }

    @Test func theTranscriptAndItsAttemptsGoWithTheirEpisode() throws {
        let (_, store, episode) = try Self.library()
        try store.storeTranscript([TranscriptSegment(text: "x")], for: episode, from: Self.url)
        try store.recordTranscriptFailure(of: episode, url: Self.url, failure: "gone", nextAttemptAt: nil)
        try store.removePodcast(try #require(try store.podcastID(url: Sample.feedURL)))
        #expect(try store.transcript(of: episode) == nil && store.transcriptAttempt(of: episode) == nil)
        #expect(try store.executeCount("SELECT count(*) FROM transcriptSegment") == 0)
    }
}
