import EarshotFeed
import EarshotStore
import Foundation

/// The download rules as pure functions: which downloads wait for their turn, when to try again, and
/// which files to delete to keep within the grace period and the disk budget.
public enum DownloadPolicy {
    /// The waits before the second, third and fourth attempt; after the fourth failure it waits for the
    /// network to come back.
    public static let backoff: [Duration] = [.seconds(30), .seconds(120), .seconds(600)]

    /// When a download that failed for the `attempts`-th time with `error` is tried again; nil: never.
    public static func retryAt(after error: DownloadError, attempts: Int, now: Date) -> Date? {
        guard isTransient(error), attempts >= 1, attempts <= backoff.count else { return nil }
        return now.addingTimeInterval(Double(backoff[attempts - 1].components.seconds))
    }

    /// Whether `record` used up its retries on failures that may pass by themselves: it waits for the
    /// network to come back (`Downloads.refreshed`). Only such failures count as attempts, so one
    /// that ended on a 404 after three network failures is not among them.
    public static func awaitsNetwork(_ record: DownloadRecord) -> Bool {
        record.state == .failed && record.nextAttemptAt == nil && record.attempts > backoff.count
    }

    /// Failures that may go away by themselves: the network, a slow or overloaded server, a cut body.
    public static func isTransient(_ error: DownloadError) -> Bool {
        switch error {
        case .connectivity, .transfer, .interrupted: true
        case .http(let status, _): status >= 500 || status == 408 || status == 429
        case .unsupportedScheme, .notAudio, .redirectLoop, .diskFull, .cannotWrite, .badRange, .cancelled: false
        }
    }

    /// Whether `record` waits for its turn: queued, or failed with a next attempt. It starts once its
    /// `nextAttemptAt` (if any) has come, in request order, within the limits (`DownloadLine`).
    public static func waits(_ record: DownloadRecord) -> Bool {
        switch record.state {
        case .queued: true
        case .failed: record.nextAttemptAt != nil
        case .downloading, .completed: false
        }
    }

    /// What tidying needs to know of one completed file.
    public struct FileFacts: Sendable, Equatable {
        public var episode: EpisodeID
        public var bytes: Int64
        /// When the file became complete.
        public var downloadedAt: Date
        /// When the listener finished the episode (nil: not finished).
        public var finishedAt: Date?
        /// In Up Next (anywhere).
        public var queued: Bool

        public init(episode: EpisodeID, bytes: Int64, downloadedAt: Date, finishedAt: Date?, queued: Bool) {
            self.episode = episode
            self.bytes = bytes
            self.downloadedAt = downloadedAt
            self.finishedAt = finishedAt
            self.queued = queued
        }
    }

    /// The completed files to delete, in order: those of finished episodes past the grace period, then,
    /// while the files and the `partBytes` of unfinished downloads take more than the budget, the oldest
    /// finished ones, then the oldest not queued. Files in `protected` (the current episode and the first
    /// N of Up Next) are never chosen.
    public static func toDelete(_ files: [FileFacts], partBytes: Int64 = 0, protected: Set<EpisodeID>,
                                settings: DownloadSettings, now: Date) -> [EpisodeID] {
        let candidates = files.filter { !protected.contains($0.episode) }
        var doomed: [EpisodeID] = []
        if let grace = settings.grace {
            let limit = Double(grace.components.seconds)
            doomed = candidates.filter { $0.finishedAt.map { now.timeIntervalSince($0) >= limit } ?? false }
                .sorted { $0.finishedAt! < $1.finishedAt! }.map(\.episode)
        }
        guard let budget = settings.budget else { return doomed }
        var total = files.filter { !doomed.contains($0.episode) }.reduce(partBytes) { $0 + $1.bytes }
        let remaining = candidates.filter { !doomed.contains($0.episode) }
        let finished = remaining.filter { $0.finishedAt != nil }.sorted { $0.finishedAt! < $1.finishedAt! }
        let unqueued = remaining.filter { $0.finishedAt == nil && !$0.queued }.sorted { $0.downloadedAt < $1.downloadedAt }
        for file in finished + unqueued where total > budget {
            doomed.append(file.episode)
            total -= file.bytes
        }
        return doomed
    }
}
