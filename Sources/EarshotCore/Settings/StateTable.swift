import Foundation

/// A value Earshot keeps for itself between runs in the settings table (a sync cursor, a time, the sync
/// account): the listener never sets it, so it is not in `SettingsTable.all`, but it is defined once,
/// here, with its type. Every key starts with `state.`, so no listener's setting can collide with it.
public struct StateKey<Value: StateValue>: Sendable {
    /// The key in the settings table.
    public let key: String
    /// What the value is, in a few words.
    public let summary: String

    init(_ key: String, _ summary: String) {
        self.key = key
        self.summary = summary
    }

    /// The value as stored in `state` (the library-wide settings), or nil when it is absent or unreadable.
    public func value(in state: [String: String]) -> Value? { state[key].flatMap(Value.init(stateText:)) }

    /// The text stored for `value` (nil: the key is removed).
    public func text(_ value: Value?) -> String? { value?.stateText }

    /// The key with its type, for the table.
    var entry: StateEntry { StateEntry(key: key, type: Value.typeName, summary: summary) }
}

/// One row of `StateTable.all`: a key with the name of its type.
public struct StateEntry: Sendable, Equatable {
    public let key: String
    public let type: String
    public let summary: String
}

/// A type a state value has, with the one way it is written as text in the settings table.
public protocol StateValue: Sendable {
    /// The value written as `stateText`, or nil when `stateText` is not one.
    init?(stateText: String)
    /// The value as stored.
    var stateText: String { get }
    /// The type's name in the table.
    static var typeName: String { get }
}

extension Int64: StateValue {
    public init?(stateText: String) { self.init(stateText) }
    public var stateText: String { String(self) }
    public static var typeName: String { "integer" }
}

extension String: StateValue {
    public init?(stateText: String) { self = stateText }
    public var stateText: String { self }
    public static var typeName: String { "text" }
}

extension Bool: StateValue {
    public init?(stateText: String) {
        guard let flag = SettingKind.flag(stateText) else { return nil }
        self = flag
    }
    public var stateText: String { self ? "on" : "off" }
    public static var typeName: String { "on or off" }
}

extension Date: StateValue {
    /// Seconds since 1970, as a decimal number; a value that is not finite is no date.
    public init?(stateText: String) {
        guard let seconds = Double(stateText), seconds.isFinite else { return nil }
        self.init(timeIntervalSince1970: seconds)
    }
    public var stateText: String { String(timeIntervalSince1970) }
    public static var typeName: String { "time (seconds since 1970)" }
}

extension URL: StateValue {
    public init?(stateText: String) { self.init(string: stateText) }
    public var stateText: String { absoluteString }
    public static var typeName: String { "address" }
}

/// Every value Earshot keeps for itself, each once with its type (the listener's settings are in
/// `SettingsTable`). A test keeps the two tables apart and each key unique.
public enum StateTable {
    /// When an episode from Up Next last became current (MPRIS's Played ordering of playlists).
    public static let upNextPlayedAt = StateKey<Date>("state.up-next-played-at", "when Up Next last played")
    /// Whether private feeds' passwords are kept (so that the first refresh waits for them).
    public static let feedPasswordsKept = StateKey<Bool>("state.feed-passwords", "whether feed passwords are kept")
    /// The sync server's address.
    public static let syncServer = StateKey<URL>("state.sync.server", "the sync server")
    /// The sync account's user name.
    public static let syncUser = StateKey<String>("state.sync.user", "the sync account's user name")
    /// The sync server's dialect (gpodder or nextcloud).
    public static let syncDialect = StateKey<String>("state.sync.dialect", "the sync server's dialect")
    /// The device id this computer syncs as.
    public static let syncDevice = StateKey<String>("state.sync.device", "the device this computer syncs as")
    /// The server's cursor of subscription changes already received.
    public static let syncSubscriptionsSince = StateKey<Int64>("state.sync.subscriptions-since",
                                                               "the server's cursor of subscription changes")
    /// The server's cursor of episode actions already received.
    public static let syncActionsSince = StateKey<Int64>("state.sync.actions-since", "the server's cursor of episode actions")
    /// The addresses other devices subscribed to that are not subscribed here yet (their feed could not
    /// be fetched, or Earshot stopped before it was), one a line: tried again at each sync.
    public static let syncSubscribing = StateKey<String>("state.sync.subscribing",
                                                         "the other devices' podcasts not subscribed here yet")
    /// When the last sync ended well.
    public static let lastSync = StateKey<Date>("state.sync.last", "when the last sync succeeded")

    /// The keys the sync account is made of (forgotten together at logout).
    public static let syncAccountKeys = [syncServer.key, syncUser.key, syncDialect.key, syncDevice.key]
    /// The sync cursors and the last sync's time (forgotten together when syncing stops).
    public static let syncProgressKeys = [syncSubscriptionsSince.key, syncActionsSince.key, lastSync.key, syncSubscribing.key]

    /// Every state value, each once.
    public static let all: [StateEntry] = [
        upNextPlayedAt.entry, feedPasswordsKept.entry, syncServer.entry, syncUser.entry, syncDialect.entry, syncDevice.entry,
        syncSubscriptionsSince.entry, syncActionsSince.entry, lastSync.entry, syncSubscribing.entry,
    ]

    /// Whether `key` names a value Earshot keeps for itself rather than a listener's setting.
    public static func isState(_ key: String) -> Bool { key.hasPrefix("state.") }
}

extension LibraryStore {
    /// Stores `value` under `key` among the library-wide values (nil removes it). Called off the loop.
    func save<Value>(_ key: StateKey<Value>, _ value: Value?) throws {
        try saveSetting(key.key, value: key.text(value), for: nil)
    }
}
