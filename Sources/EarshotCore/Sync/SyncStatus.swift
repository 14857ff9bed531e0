import EarshotSync
import Foundation

/// How sync stands, for `earshot sync status`.
public struct SyncStatus: Sendable, Equatable {
    /// When the last sync went through.
    public var lastSync: Date?
    /// Why the last sync failed (nil when it went through).
    public var lastFailure: String?
    /// Whether a sync runs now.
    public var running = false
    /// Received places waiting for their episode (not in the library yet, or playing now).
    public var waiting = 0
    /// After failures: when the next sync starts by itself (`until`), or that none does until a login
    /// or `earshot sync now` (`refused`).
    public var backoff = SyncBackoff()

    public init() {}
}
