import EarshotStore
import Foundation

/// What sync needs from persistence (`Store` is the real one): the outbox, the addresses the server
/// knows podcasts by, and taking received actions. Called off the loop only (the store's worker, or
/// the network thread for a reply's actions).
public protocol SyncStore: AnyObject, Sendable {
    func appendOutbox(_ changes: [SyncChange]) throws
    func outbox(limit: Int, actions: Bool) throws -> [OutboxEntry]
    func outboxCount() throws -> Int
    func removeOutbox(_ ids: [Int64]) throws
    func adoptSyncURLs() throws -> [PodcastID: String]
    func renameSyncURLs(_ renamed: [String: String]) throws
    /// Podcasts the server knows by these addresses (sync subscribed to them there).
    func keepSyncURLs(_ urls: [PodcastID: String]) throws
    /// Takes `received` (with the actions still waiting when `rematch`: the library gained episodes,
    /// or one that held an action stopped playing) by `ReceivedActions`' rules and writes the outcome
    /// in one transaction, `cursor` (a state key and value) with it.
    func receive(_ received: [EpisodeAction], rules: ReceivingRules, cursor: (key: String, value: String)?, rematch: Bool) throws
        -> ReceivedOutcome
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
