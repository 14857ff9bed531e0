import Foundation
import GRDB

/// Actions received from other devices are taken in one transaction: sync's rules read what they need
/// (`SyncLibraryReader`: podcasts, episodes, their last listen here, the actions still waiting) and
/// decide; the store writes what they decided (`SyncWrites`) in bulk, with the server's cursor.
extension Store {
    /// Runs `decide` in a write transaction over the library as it stands, then writes what it returned:
    /// the places, the actions to keep waiting and those settled, and a library-wide state value (the
    /// cursor), all or none of them.
    public func receiveActions<T: Sendable>(_ decide: (SyncLibraryReader) throws -> (SyncWrites, T)) throws -> T {
        try write { db in
            let (writes, result) = try decide(try SyncLibraryReader(db))
            try Self.write(places: writes.places, db)
            try Self.removeWaiting(writes.settled, db)
            try Self.keepWaiting(writes.waiting, db)
            if let state = writes.state {
                try db.execute(sql: "DELETE FROM setting WHERE podcastId IS NULL AND key = ?", arguments: [state.key])
                try db.execute(sql: "INSERT INTO setting (podcastId, key, value) VALUES (NULL, ?, ?)", arguments: [state.key, state.value])
            }
            return result
        }
    }

    /// Writes each place as it is (the rule chose them), in one statement; an episode that is gone is
    /// passed over.
    private static func write(places: [SyncPlace], _ db: Database) throws {
        guard !places.isEmpty else { return }
        // The places as one JSON list, written as bytes. Whole numbers (the API's places and times are
        // whole seconds) are written as integers, which is quicker; the columns are REAL, so SQLite
        // stores them as it stored the doubles.
        var rows: [UInt8] = []
        rows.reserveCapacity(places.count * 40)
        func number(_ value: Double) {
            if let whole = Int(exactly: value) { rows.append(contentsOf: String(whole).utf8) } else { rows.append(contentsOf: "\(value)".utf8) }
        }
        rows.append(UInt8(ascii: "["))
        for (index, place) in places.enumerated() {
            if index > 0 { rows.append(UInt8(ascii: ",")) }
            rows.append(UInt8(ascii: "["))
            rows.append(contentsOf: String(place.episode.rawValue).utf8)
            rows.append(UInt8(ascii: ","))
            number(place.position)
            rows.append(UInt8(ascii: ","))
            number(place.at.timeIntervalSinceReferenceDate)
            rows.append(contentsOf: place.completed ? Array(",1]".utf8) : Array(",0]".utf8))
        }
        rows.append(UInt8(ascii: "]"))
        // The WHERE before ON CONFLICT is SQLite's rule for an upsert from a SELECT.
        try db.execute(sql: """
            INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted)
            SELECT e.id, p.value ->> 1, p.value ->> 2, p.value ->> 3 FROM json_each(?) p JOIN episode e ON e.id = p.value ->> 0
            WHERE true
            ON CONFLICT (episodeId) DO UPDATE SET lastListenTime = excluded.lastListenTime,
                lastPlayedAt = excluded.lastPlayedAt, hasCompleted = excluded.hasCompleted
            """, arguments: [String(decoding: rows, as: UTF8.self)])
    }

    /// Keeps received actions whose episode is not here yet (or is playing), the newest per episode.
    private static func keepWaiting(_ actions: [EpisodeAction], _ db: Database) throws {
        guard !actions.isEmpty else { return }
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO syncPending (podcastURL, episodeURL, guid, action, timestamp, started, position, total, device)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (podcastURL, episodeURL) DO UPDATE SET guid = excluded.guid, action = excluded.action,
                timestamp = excluded.timestamp, started = excluded.started, position = excluded.position,
                total = excluded.total, device = excluded.device
            WHERE excluded.timestamp > syncPending.timestamp
            """)
        for a in actions {
            try upsert.execute(arguments: [a.podcast, a.episode, a.guid, a.kind.rawValue, a.timestamp.timeIntervalSinceReferenceDate,
                                           a.started, a.position, a.total, a.device])
        }
    }

    /// Forgets waiting actions (applied, or superseded).
    private static func removeWaiting(_ actions: [EpisodeAction], _ db: Database) throws {
        guard !actions.isEmpty else { return }
        let delete = try db.cachedStatement(sql: "DELETE FROM syncPending WHERE podcastURL = ? AND episodeURL = ?")
        for action in actions { try delete.execute(arguments: [action.podcast, action.episode]) }
    }
}

/// What sync's rules decided about received actions, for the store to write in one transaction.
public struct SyncWrites: Sendable {
    /// The places taken, each written as it is.
    public var places: [SyncPlace]
    /// Received actions that keep waiting for their episode (a newer one already waiting stays).
    public var waiting: [EpisodeAction]
    /// Waiting actions that are done with (applied, or superseded).
    public var settled: [EpisodeAction]
    /// A library-wide state value saved with them (the server's cursor).
    public var state: (key: String, value: String)?

    /// Writes of the given kinds.
    public init(places: [SyncPlace] = [], waiting: [EpisodeAction] = [], settled: [EpisodeAction] = [],
                state: (key: String, value: String)? = nil) {
        self.places = places
        self.waiting = waiting
        self.settled = settled
        self.state = state
    }
}

/// A place in an episode received from another device: where, whether finished, and when it was.
public struct SyncPlace: Sendable, Equatable {
    public var episode: EpisodeID
    public var position: Double
    public var completed: Bool
    public var at: Date

    /// A place with the given fields.
    public init(episode: EpisodeID, position: Double, completed: Bool, at: Date) {
        self.episode = episode
        self.position = position
        self.completed = completed
        self.at = at
    }
}

/// The library as sync's rules read it, inside the transaction that writes what they decide (it is
/// valid only there): podcasts by the address the server knows them by, episodes by guid or audio
/// address (a podcast's guids, and its addresses, each read once, when first needed: a first sync
/// matches tens of thousands of actions), each episode's last listen here, and the actions waiting.
public final class SyncLibraryReader {
    private let db: Database
    private var guids: EpisodeLookup
    private var sounds: EpisodeLookup
    private let anywhere: Statement

    init(_ db: Database) throws {
        self.db = db
        guids = EpisodeLookup(try db.cachedStatement(sql: "SELECT id, guid FROM episode WHERE feedId = ? ORDER BY id"))
        sounds = EpisodeLookup(try db.cachedStatement(sql: "SELECT id, soundURL FROM episode WHERE feedId = ? ORDER BY id"))
        anywhere = try db.cachedStatement(sql: "SELECT id FROM episode WHERE soundURL = ? ORDER BY id LIMIT 1")
    }

    /// The podcast a sync address names: by its sync address, its feed address or a former address.
    public func podcast(syncURL: String) throws -> PodcastID? {
        try Int64.fetchOne(db, sql: """
            SELECT coalesce((SELECT id FROM feed WHERE syncURL = ?1), (SELECT id FROM feed WHERE url = ?2),
                            (SELECT feedId FROM feedAlias WHERE url = ?2))
            """, arguments: [syncURL, URL(string: syncURL)?.absoluteString]).map(PodcastID.init)
    }

    /// The episode of `podcast` with `guid` (the lowest id where two share it).
    public func episode(guid: String, in podcast: PodcastID) throws -> EpisodeID? {
        try guids.episode(guid, in: podcast)
    }

    /// The episode of `podcast` whose audio is at `soundURL` (the lowest id where two share it).
    public func episode(soundURL: String, in podcast: PodcastID) throws -> EpisodeID? {
        try sounds.episode(soundURL, in: podcast)
    }

    /// The episode of any podcast whose audio is at `soundURL` (the lowest id).
    public func episode(soundURL: String) throws -> EpisodeID? {
        try Int64.fetchOne(anywhere, arguments: [soundURL]).map(EpisodeID.init)
    }

    /// When each of `episodes` was last listened to here (nil: never), for those that exist.
    public func lastPlayed(_ episodes: [EpisodeID]) throws -> [EpisodeID: Date?] {
        guard !episodes.isEmpty else { return [:] }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.id, s.lastPlayedAt FROM json_each(?) p JOIN episode e ON e.id = p.value
            LEFT JOIN episodeStatus s ON s.episodeId = e.id
            """, arguments: ["[" + episodes.map { String($0.rawValue) }.joined(separator: ",") + "]"])
        var played: [EpisodeID: Date?] = [:]
        while let row = try rows.next() { played[EpisodeID(rawValue: row[0])] = row.date(1) }
        return played
    }

    /// How many actions will wait once `adding` is kept too (those of episodes that already wait
    /// replace theirs).
    public func waitingCount(adding: [EpisodeAction]) throws -> Int {
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM syncPending") ?? 0
        guard !adding.isEmpty else { return count }
        let present = try db.cachedStatement(sql: "SELECT 1 FROM syncPending WHERE podcastURL = ? AND episodeURL = ?")
        return try count + adding.filter { try Bool.fetchOne(present, arguments: [$0.podcast, $0.episode]) == nil }.count
    }

    /// The received actions still waiting for their episode.
    public func waitingActions() throws -> [EpisodeAction] {
        try Row.fetchAll(db, sql: """
            SELECT podcastURL, episodeURL, guid, action, timestamp, started, position, total, device FROM syncPending
            """).compactMap { row in
            guard let podcast = row.text(0), let episode = row.text(1), let kind = row.text(3).flatMap(EpisodeAction.Kind.init(rawValue:)),
                  let timestamp = row.date(4) else { return nil }
            return EpisodeAction(podcast: podcast, episode: episode, guid: row.text(2), kind: kind, timestamp: timestamp,
                                 started: row.integer(5).map(Int.init), position: row.integer(6).map(Int.init),
                                 total: row.integer(7).map(Int.init), device: row.text(8))
        }
    }
}

/// One column of each podcast's episodes (its guids, or its audio addresses) → the episode (the lowest
/// id where two share a value), read once per podcast, when first asked.
private struct EpisodeLookup {
    /// Reads a podcast's episodes: their id, then the column.
    let statement: Statement
    var podcasts: [PodcastID: [String: EpisodeID]] = [:]

    init(_ statement: Statement) {
        self.statement = statement
    }

    mutating func episode(_ value: String, in podcast: PodcastID) throws -> EpisodeID? {
        if let known = podcasts[podcast] { return known[value] }
        var values: [String: EpisodeID] = [:]
        let rows = try Row.fetchCursor(statement, arguments: [podcast.rawValue])
        while let row = try rows.next() {
            if let key = row.text(1), values[key] == nil { values[key] = EpisodeID(rawValue: row[0]) }
        }
        podcasts[podcast] = values
        return values[value]
    }
}
