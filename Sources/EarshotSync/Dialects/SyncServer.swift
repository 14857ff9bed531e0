import EarshotStore
import Foundation

/// A podcast sync server, whatever its dialect (gpodder.net API 2, the Nextcloud gPodder Sync app):
/// `GPodderSyncClient` (libsoup, on the network thread) is the real one. Completions run later on the
/// loop; timestamps are the server's own cursors.
public protocol SyncServer: AnyObject {
    /// Logs in, and registers this device where the dialect has devices.
    func start(completion: @escaping (Result<Void, SyncFailure>) -> Void)
    /// Subscriptions added and removed by other devices since `since` (0: all of them).
    func subscriptions(since: Int64, completion: @escaping (Result<SubscriptionDelta, SyncFailure>) -> Void)
    func uploadSubscriptions(add: [String], remove: [String], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void)
    /// Episode actions since `since`, with the timestamp to ask from next time, handed to `receive` off
    /// the loop as soon as they are read (a first sync's tens of thousands never cross the loop);
    /// `completion` hears what `receive` made of them.
    func actions<T: Sendable>(since: Int64, receive: @escaping @Sendable (ActionPage) -> Result<T, SyncFailure>,
                              completion: @escaping (Result<T, SyncFailure>) -> Void)
    func uploadActions(_ actions: [EpisodeAction], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void)
}

/// What changed in the subscriptions on the server.
public struct SubscriptionDelta: Sendable, Equatable {
    public var add: [String]
    public var remove: [String]
    public var timestamp: Int64

    public init(add: [String], remove: [String], timestamp: Int64) {
        self.add = add
        self.remove = remove
        self.timestamp = timestamp
    }
}

/// Episode actions from the server, and where to continue from.
public struct ActionPage: Sendable, Equatable {
    public var actions: [EpisodeAction]
    public var timestamp: Int64

    public init(actions: [EpisodeAction], timestamp: Int64) {
        self.actions = actions
        self.timestamp = timestamp
    }
}

/// The server's answer to an upload: its timestamp, and the addresses it rewrote (`update_urls`).
public struct UploadReceipt: Sendable, Equatable {
    public var timestamp: Int64
    public var updatedURLs: [String: String]

    public init(timestamp: Int64, updatedURLs: [String: String] = [:]) {
        self.timestamp = timestamp
        self.updatedURLs = updatedURLs
    }
}

/// Why a sync did not go through, in plain words.
public enum SyncFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the account (a wrong user name or password).
    case unauthorized(String)
    /// The server could not be reached, or did not answer in time.
    case unreachable(String)
    /// The server answered with an error or something that is not its API.
    case server(String)
    /// The server is overloaded or limits this client (429, 503), asking to wait `retryAfter` seconds
    /// when it said so.
    case busy(String, retryAfter: TimeInterval?)

    public var description: String {
        switch self {
        case .unauthorized(let words), .unreachable(let words), .server(let words), .busy(let words, _): words
        }
    }

    /// The kind, for logging each kind once.
    public var kind: String {
        switch self {
        case .unauthorized: "unauthorized"
        case .unreachable: "unreachable"
        case .server: "server"
        case .busy: "busy"
        }
    }
}
