import EarshotFeed
import EarshotStore
import Foundation

/// Fetching and reading one transcript (`TranscriptLoader` is the real one); the completion runs later
/// on the loop.
public protocol TranscriptFetching: AnyObject {
    func fetch(_ link: TranscriptLink, completion: @escaping (Result<[TranscriptSegment], TranscriptFetchError>) -> Void)
}

/// Where transcripts and the full-text index live (the SQLite store). Called off the loop.
public protocol TranscriptStore: AnyObject, Sendable {
    func storeTranscript(_ segments: [TranscriptSegment], for episode: EpisodeID, from url: URL, fetchedAt: Date) throws
    func transcript(of episode: EpisodeID) throws -> StoredTranscript?
    func hasTranscript(_ episode: EpisodeID) throws -> Bool
    func recordTranscriptFailure(of episode: EpisodeID, url: URL, failure: String, nextAttemptAt: Date?) throws -> TranscriptAttempt
    func transcriptAttempt(of episode: EpisodeID) throws -> TranscriptAttempt?
    func find(_ query: SearchQuery, podcast: PodcastID?, limit: Int, marks: SnippetMarks) throws -> [SearchHit]
    func find(_ query: SearchQuery, within scope: SearchScope, limit: Int, marks: SnippetMarks) throws -> [SearchHit]
}

/// The search index's upkeep in the store (`SearchIndexUpkeep` drives it). Called off the loop.
public protocol SearchIndexStore: AnyObject, Sendable {
    /// Fills the index by `rows` more rows; whether there is more to fill.
    func fillSearchIndex(rows: Int) throws -> Bool
    func searchIndexIsFilling() throws -> Bool
    /// Checks the whole index, emptying the parts found damaged to be filled again; their names.
    func mendSearchIndex() throws -> [String]
    /// Notes that the daemon runs; whether it was noted already (the last run did not stop cleanly).
    func noteRunning() throws -> Bool
    func noteStopped() throws
    /// `handler` runs (off the loop) when a damaged index was found and emptied to be filled again.
    func whenSearchIndexIsDamaged(_ handler: @escaping @Sendable () -> Void)
}
