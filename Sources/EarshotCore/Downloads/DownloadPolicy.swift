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

    /// The completed files to delete, in order (see `TidyPlan`), without their reasons.
    public static func toDelete(_ files: [FileFacts], partBytes: Int64 = 0, protected: Set<EpisodeID>,
                                settings: DownloadSettings, now: Date) -> [EpisodeID] {
        TidyPlan.choose(files, partBytes: partBytes, protected: protected, budget: settings.budget, now: now) { _ in
            DownloadKeeping(grace: settings.grace, newest: settings.keep)
        }.map(\.episode)
    }
}
