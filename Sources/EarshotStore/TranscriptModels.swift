import EarshotFeed
import Foundation

/// An episode's transcript as stored: its segments in order, where it came from and when.
public struct StoredTranscript: Sendable, Equatable {
    /// The address the transcript was fetched from.
    public var url: URL
    /// When it was fetched.
    public var fetchedAt: Date
    /// What was said, in the order given to `Store.storeTranscript`.
    public var segments: [TranscriptSegment]

    /// A transcript with the given fields.
    public init(url: URL, fetchedAt: Date, segments: [TranscriptSegment]) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.segments = segments
    }
}

/// Failed attempts to fetch an episode's transcript, kept until one succeeds (`Store.storeTranscript`)
/// or the episode goes, so that retries survive restarts.
public struct TranscriptAttempt: Sendable, Equatable {
    /// The episode whose transcript could not be fetched.
    public var episode: EpisodeID
    /// The address last tried.
    public var url: URL
    /// Why the last attempt failed, in one line.
    public var failure: String
    /// How many attempts failed in a row.
    public var attempts: Int
    /// When to try again; nil: not again by itself.
    public var nextAttemptAt: Date?

    /// An attempt with the given fields.
    public init(episode: EpisodeID, url: URL, failure: String, attempts: Int, nextAttemptAt: Date?) {
        self.episode = episode
        self.url = url
        self.failure = failure
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
    }
}
