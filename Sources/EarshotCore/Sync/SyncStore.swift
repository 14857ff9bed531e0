import EarshotStore
import Foundation

/// What sync needs from persistence (`Store` is the real one): the outbox, received actions waiting,
/// the addresses the server knows podcasts by, and places received. Called on the background only.
public protocol SyncStore: AnyObject, Sendable {
    func appendOutbox(_ changes: [SyncChange]) throws
    func outbox(limit: Int, actions: Bool) throws -> [OutboxEntry]
    func outboxCount() throws -> Int
    func removeOutbox(_ ids: [Int64]) throws
    func adoptSyncURLs() throws -> [PodcastID: String]
    func renameSyncURLs(_ renamed: [String: String]) throws
    func podcastID(syncURL: String) throws -> PodcastID?
    func matchEpisodes(_ actions: [EpisodeAction], normalise: (String) -> String) throws -> [EpisodeID?]
    func applyPlaces(_ places: [(episode: EpisodeID, position: Double, completed: Bool, at: Date)]) throws -> [EpisodeID]
    func savePending(_ actions: [EpisodeAction]) throws
    func pendingActions() throws -> [EpisodeAction]
    func removePending(_ actions: [EpisodeAction]) throws
    func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing]
    func saveSetting(_ key: String, value: String?, for podcast: PodcastID?) throws
}

/// Who this daemon syncs as.
public struct SyncAccount: Sendable, Equatable {
    /// The API the server speaks.
    public enum Dialect: String, Sendable {
        /// gpodder.net API 2 (gpodder.net, oPodSync, mygpo).
        case gpodder
        /// The Nextcloud gPodder Sync app.
        case nextcloud
    }

    /// The server's base address (it may carry a path).
    public var server: URL
    public var user: String
    public var dialect: Dialect
    /// This device's id on the server.
    public var device: String

    public init(server: URL, user: String, dialect: Dialect, device: String) {
        self.server = server
        self.user = user
        self.dialect = dialect
        self.device = device
    }
}

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

    public init() {}
}
