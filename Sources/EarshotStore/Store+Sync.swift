import Foundation
import GRDB

/// What sync keeps in the library: the outbox of changes made here and the address the server knows
/// each podcast by. Received actions are taken in one transaction (`Store+SyncReceiving`).
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

    /// Podcasts the server knows by these addresses, whatever their feed's address is now (sync
    /// subscribed to them there, and their feed moved on the way).
    public func keepSyncURLs(_ urls: [PodcastID: String]) throws {
        guard !urls.isEmpty else { return }
        try write { db in
            for (podcast, url) in urls { try db.execute(sql: "UPDATE feed SET syncURL = ? WHERE id = ?", arguments: [url, podcast.rawValue]) }
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
}
