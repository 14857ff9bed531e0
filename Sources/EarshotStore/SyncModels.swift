import Foundation

/// One episode action as the gpodder.net API (and the Nextcloud gPodder Sync app) carries it: what a
/// device did with an episode, and when.
public struct EpisodeAction: Sendable, Equatable {
    /// The action's kind; the API's names.
    public enum Kind: String, Sendable, CaseIterable {
        /// Listened: `started` to `position` of `total` seconds.
        case play
        /// Marked new (unplayed).
        case new
        case download
        case delete
    }

    /// The podcast's feed address, as the server knows it.
    public var podcast: String
    /// The episode's audio address.
    public var episode: String
    /// The episode's guid in its feed, when the device sent it.
    public var guid: String?
    public var kind: Kind
    public var timestamp: Date
    /// Whole seconds, for `play`: where listening started and stopped, and the episode's length.
    public var started: Int?
    public var position: Int?
    public var total: Int?
    /// The device that did it, when the server says.
    public var device: String?

    /// An action with the given fields.
    public init(podcast: String, episode: String, guid: String? = nil, kind: Kind, timestamp: Date, started: Int? = nil,
                position: Int? = nil, total: Int? = nil, device: String? = nil) {
        self.podcast = podcast
        self.episode = episode
        self.guid = guid
        self.kind = kind
        self.timestamp = timestamp
        self.started = started
        self.position = position
        self.total = total
        self.device = device
    }
}

/// A change the listener made here, waiting in the outbox to be sent (with its original time).
public enum SyncChange: Sendable, Equatable {
    case subscribed(String)
    case unsubscribed(String)
    case action(EpisodeAction)
}

/// A change in the outbox, with its place in line.
public struct OutboxEntry: Sendable, Equatable {
    public var id: Int64
    public var change: SyncChange

    /// An entry with the given fields.
    public init(id: Int64, change: SyncChange) {
        self.id = id
        self.change = change
    }
}
