import Foundation

/// Where one episode's download stands.
public enum DownloadState: String, Sendable, Equatable, CaseIterable {
    /// Waiting for its turn (or for its next attempt, when `nextAttemptAt` is set).
    case queued
    /// Bytes are arriving.
    case downloading
    /// The file is complete at `path`.
    case completed
    /// It stopped with `error`; tried again at `nextAttemptAt` when that is set, else given up.
    case failed
}

/// One episode's download as stored (table `download`): enough for a restarted daemon to resume it and
/// for `earshot downloads` to show it.
public struct DownloadRecord: Sendable, Equatable {
    public var episode: EpisodeID
    public var podcast: PodcastID
    /// The complete file's path (its part is `<path>.part`).
    public var path: String
    public var state: DownloadState
    /// Bytes on disk (the whole file once completed).
    public var bytes: Int64
    /// The file's size, when the server announced it.
    public var totalBytes: Int64?
    /// The plain-words reason of the last failure.
    public var error: String?
    /// Failed attempts so far that may pass by themselves (the network, an overloaded server): the
    /// backoff counts these.
    public var attempts: Int
    /// When a failed download is tried again; nil when it is not.
    public var nextAttemptAt: Date?
    /// When it was asked for (the order downloads start in).
    public var requestedAt: Date
    /// When the file became complete.
    public var completedAt: Date?
    /// Asked for by the listener (`earshot download`), rather than by the automatic rules.
    public var byHand: Bool

    /// A record as given; a new download is queued with nothing on disk.
    public init(episode: EpisodeID, podcast: PodcastID, path: String, state: DownloadState = .queued, bytes: Int64 = 0,
                totalBytes: Int64? = nil, error: String? = nil, attempts: Int = 0, nextAttemptAt: Date? = nil,
                requestedAt: Date, completedAt: Date? = nil, byHand: Bool = false) {
        self.episode = episode
        self.podcast = podcast
        self.path = path
        self.state = state
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.error = error
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.requestedAt = requestedAt
        self.completedAt = completedAt
        self.byHand = byHand
    }
}
