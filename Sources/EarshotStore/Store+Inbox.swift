import Foundation
import GRDB

/// The inbox: new episodes found by a refresh, waiting until the listener queues, dismisses or plays
/// them.
extension Store {
    /// Puts episodes into the inbox as of `date` (those already there keep their place; ids not stored
    /// are left out).
    public func addToInbox(_ episodes: [EpisodeID], at date: Date) throws {
        guard !episodes.isEmpty else { return }
        try write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO inbox (episodeId, enteredAt)
                SELECT id, ? FROM episode WHERE id IN (SELECT value FROM json_each(?))
                """, arguments: [date.timeIntervalSinceReferenceDate, Self.jsonList(episodes)])
        }
    }

    /// Takes episodes out of the inbox; returns those that were in it.
    @discardableResult
    public func removeFromInbox(_ episodes: [EpisodeID]) throws -> [EpisodeID] {
        guard !episodes.isEmpty else { return [] }
        return try write { db in
            try Int64.fetchAll(db, sql: "DELETE FROM inbox WHERE episodeId IN (SELECT value FROM json_each(?)) RETURNING episodeId",
                               arguments: [Self.jsonList(episodes)]).map(EpisodeID.init)
        }
    }

    /// Empties the inbox; returns how many episodes were in it.
    public func clearInbox() throws -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM inbox")
            return db.changesCount
        }
    }

    /// The inbox, newest release first.
    public func inboxEpisodes() throws -> [EpisodeID] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT e.id FROM inbox i JOIN episode e ON e.id = i.episodeId
                ORDER BY e.releaseDate IS NULL, e.releaseDate DESC, i.enteredAt DESC, e.id DESC
                """).map(EpisodeID.init)
        }
    }
}
