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
