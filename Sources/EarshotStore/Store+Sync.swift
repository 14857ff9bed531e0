import Foundation
import GRDB

/// What sync keeps in the library: the outbox of changes made here, received actions waiting for
/// their episode, the address the server knows each podcast by, and places received from other devices.
extension Store {
    // MARK: The outbox

    /// Puts changes at the end of the outbox (kept across restarts until the server took them).
    public func appendOutbox(_ changes: [SyncChange]) throws {
        guard !changes.isEmpty else { return }
        try write { db in
            let insert = try db.cachedStatement(sql: """
                INSERT INTO syncOutbox (kind, podcastURL, episodeURL, guid, action, timestamp, started, position, total)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for change in changes {
                switch change {
                case .subscribed(let url): try insert.execute(arguments: ["subscribed", url, nil, nil, nil, nil, nil, nil, nil])
                case .unsubscribed(let url): try insert.execute(arguments: ["unsubscribed", url, nil, nil, nil, nil, nil, nil, nil])
                case .action(let a):
                    try insert.execute(arguments: ["action", a.podcast, a.episode, a.guid, a.kind.rawValue,
                                                   a.timestamp.timeIntervalSinceReferenceDate, a.started, a.position, a.total])
                }
            }
        }
    }

    /// The oldest changes of the outbox, at most `limit`: its episode actions, or (`actions` false)
    /// its subscription changes. Each step of a sync reads only its own kind: a listener's pauses
    /// never crowd out a subscription, nor cost the subscriptions' step a read.
    public func outbox(limit: Int, actions: Bool) throws -> [OutboxEntry] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, kind, podcastURL, episodeURL, guid, action, timestamp, started, position, total
                FROM syncOutbox WHERE (kind = 'action') = ? ORDER BY id LIMIT ?
                """, arguments: [actions, limit])
            var entries: [OutboxEntry] = []
            while let row = try rows.next() {
                guard let kind = row.text(1), let podcast = row.text(2) else { continue }
                switch kind {
                case "subscribed": entries.append(OutboxEntry(id: row[0], change: .subscribed(podcast)))
                case "unsubscribed": entries.append(OutboxEntry(id: row[0], change: .unsubscribed(podcast)))
                default:
                    guard let episode = row.text(3), let action = row.text(5).flatMap(EpisodeAction.Kind.init(rawValue:)),
                          let timestamp = row.date(6) else { continue }
                    entries.append(OutboxEntry(id: row[0], change: .action(EpisodeAction(
                        podcast: podcast, episode: episode, guid: row.text(4), kind: action, timestamp: timestamp,
                        started: row.integer(7).map(Int.init), position: row.integer(8).map(Int.init), total: row.integer(9).map(Int.init)))))
                }
            }
            return entries
        }
    }

    /// How many changes wait in the outbox.
    public func outboxCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM syncOutbox") ?? 0 }
    }

    /// Takes sent changes out of the outbox.
    public func removeOutbox(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try write { db in
            try db.execute(sql: "DELETE FROM syncOutbox WHERE id IN (SELECT value FROM json_each(?))",
                           arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
        }
    }

    // MARK: Podcasts as the server knows them

    /// Every podcast's sync address: the one it was first synced under (it stays when the feed moves),
    /// else its feed address. Podcasts without one take their feed address now.
    public func adoptSyncURLs() throws -> [PodcastID: String] {
        try write { db in
            try db.execute(sql: "UPDATE feed SET syncURL = url WHERE syncURL IS NULL")
            var urls: [PodcastID: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, syncURL FROM feed") {
                if let url = row.text(1) { urls[PodcastID(rawValue: row[0])] = url }
            }
            return urls
        }
    }

    /// The server rewrote these addresses (`update_urls`: old → new): the podcasts it knew by the old
    /// ones are known by the new ones from now on.
    public func renameSyncURLs(_ renamed: [String: String]) throws {
        guard !renamed.isEmpty else { return }
        try write { db in
            for (old, new) in renamed { try db.execute(sql: "UPDATE feed SET syncURL = ? WHERE syncURL = ?", arguments: [new, old]) }
        }
    }

    /// The podcast a sync address names: by its sync address, its feed address or a former address.
    public func podcastID(syncURL: String) throws -> PodcastID? {
        if let id = try read({ db in try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE syncURL = ?", arguments: [syncURL]) }) {
            return PodcastID(rawValue: id)
        }
        return try URL(string: syncURL).flatMap { try podcastID(url: $0) }
    }

    // MARK: Places from other devices

    /// The episode each action names: in its podcast by guid, else by its exact audio address, else by
    /// that address with its percent-encoding normalised (`normalise`). nil where none is stored. An
    /// address found in no episode of the action's podcast is looked for in every podcast (the one with
    /// the lowest id). A podcast's guids, and its addresses, are each read once, when first needed: a
    /// first sync matches tens of thousands of actions.
    public func matchEpisodes(_ actions: [EpisodeAction], normalise: (String) -> String) throws -> [EpisodeID?] {
        var podcasts: [String: PodcastID?] = [:]
        for action in actions where podcasts[action.podcast] == nil { podcasts[action.podcast] = try podcastID(syncURL: action.podcast) }
        return try read { db in
            var guids = EpisodeLookup(try db.cachedStatement(sql: "SELECT id, guid FROM episode WHERE feedId = ? ORDER BY id"))
            var sounds = EpisodeLookup(try db.cachedStatement(sql: "SELECT id, soundURL FROM episode WHERE feedId = ? ORDER BY id"))
            let anywhere = try db.cachedStatement(sql: "SELECT id FROM episode WHERE soundURL = ? ORDER BY id LIMIT 1")
            func sound(_ address: String, _ podcast: PodcastID?) throws -> EpisodeID? {
                if let podcast, let id = try sounds.episode(address, in: podcast) { return id }
                return try Int64.fetchOne(anywhere, arguments: [address]).map(EpisodeID.init)
            }
            return try actions.map { action in
                let podcast = podcasts[action.podcast] ?? nil
                if let podcast, let guid = action.guid, let id = try guids.episode(guid, in: podcast) { return id }
                if let id = try sound(action.episode, podcast) { return id }
                let normalised = normalise(action.episode)
                return normalised == action.episode ? nil : try sound(normalised, podcast)
            }
        }
    }

    /// Takes each place that is newer than the episode's own last listen (`at` later than its
    /// `lastPlayedAt`), in one statement; returns the episodes whose place changed.
    public func applyPlaces(_ places: [(episode: EpisodeID, position: Double, completed: Bool, at: Date)]) throws -> [EpisodeID] {
        guard !places.isEmpty else { return [] }
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
        return try write { db in
            // The WHERE before ON CONFLICT is SQLite's rule for an upsert from a SELECT.
            try Int64.fetchAll(db, sql: """
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted)
                SELECT e.id, p.value ->> 1, p.value ->> 2, p.value ->> 3 FROM json_each(?) p JOIN episode e ON e.id = p.value ->> 0
                WHERE true
                ON CONFLICT (episodeId) DO UPDATE SET lastListenTime = excluded.lastListenTime,
                    lastPlayedAt = excluded.lastPlayedAt, hasCompleted = excluded.hasCompleted
                WHERE lastPlayedAt IS NULL OR lastPlayedAt < excluded.lastPlayedAt
                RETURNING episodeId
                """, arguments: [String(decoding: rows, as: UTF8.self)]).map(EpisodeID.init)
        }
    }

    /// Keeps received actions whose episode is not here yet (or is playing), the newest per episode.
    public func savePending(_ actions: [EpisodeAction]) throws {
        guard !actions.isEmpty else { return }
        try write { db in
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
    }

    /// The received actions still waiting.
    public func pendingActions() throws -> [EpisodeAction] {
        try read { db in
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

    /// Forgets waiting actions (applied, or superseded).
    public func removePending(_ actions: [EpisodeAction]) throws {
        guard !actions.isEmpty else { return }
        try write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM syncPending WHERE podcastURL = ? AND episodeURL = ?")
            for action in actions { try delete.execute(arguments: [action.podcast, action.episode]) }
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
