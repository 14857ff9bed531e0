import Foundation
import GRDB

/// Played state and stars, for one episode or a whole backlog, each in one transaction.
extension Store {
    /// Marks the selected episodes played (their place at the end, completed; out of the inbox) or
    /// unplayed (their place at 0, not completed), as of `date`. Returns the episodes marked, newest
    /// first.
    /// - Throws: `StoreError.noSuchFeed` when a selected podcast is not stored.
    public func mark(_ selection: EpisodeSelection, played: Bool, at date: Date) throws -> [EpisodeID] {
        try write { db in
            let ids = try Self.selected(selection, db)
            guard !ids.isEmpty else { return [] }
            let json = Self.jsonList(ids)
            try db.execute(sql: """
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted)
                SELECT e.id, \(played ? "coalesce(e.learnedDuration, e.duration, 0)" : "0"), ?, ?
                FROM episode e WHERE e.id IN (SELECT value FROM json_each(?))
                ON CONFLICT (episodeId) DO UPDATE SET lastListenTime = excluded.lastListenTime,
                    lastPlayedAt = excluded.lastPlayedAt, hasCompleted = excluded.hasCompleted
                """, arguments: [date.timeIntervalSinceReferenceDate, played, json])
            if played {
                try db.execute(sql: "DELETE FROM inbox WHERE episodeId IN (SELECT value FROM json_each(?))", arguments: [json])
            }
            return ids
        }
    }

    /// Stars the episodes (as of `date`), or takes their stars away when `date` is nil. Ids that are
    /// not stored are left out; returns those changed.
    public func star(_ episodes: [EpisodeID], at date: Date?) throws -> [EpisodeID] {
        guard !episodes.isEmpty else { return [] }
        return try write { db in
            let json = Self.jsonList(episodes)
            let stored = try Int64.fetchAll(db, sql: "SELECT id FROM episode WHERE id IN (SELECT value FROM json_each(?))",
                                            arguments: [json]).map(EpisodeID.init)
            try db.execute(sql: """
                INSERT INTO episodeStatus (episodeId, starredAt) SELECT id, ? FROM episode WHERE id IN (SELECT value FROM json_each(?))
                ON CONFLICT (episodeId) DO UPDATE SET starredAt = excluded.starredAt
                """, arguments: [date?.timeIntervalSinceReferenceDate, json])
            return stored
        }
    }

    /// The stored episodes a selection names, newest first.
    private static func selected(_ selection: EpisodeSelection, _ db: Database) throws -> [EpisodeID] {
        let order = "ORDER BY releaseDate IS NULL, releaseDate DESC, feedOrder, id"
        switch selection {
        case .episodes(let ids):
            return try Int64.fetchAll(db, sql: "SELECT id FROM episode WHERE id IN (SELECT value FROM json_each(?)) \(order)",
                                      arguments: [jsonList(ids)]).map(EpisodeID.init)
        case .podcast(let podcast, let before):
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM feed WHERE id = ?", arguments: [podcast.rawValue]) != nil else {
                throw StoreError.noSuchFeed(FeedID(rawValue: podcast.rawValue))
            }
            let dated = before == nil ? "" : "AND releaseDate < ?"
            var arguments: StatementArguments = [podcast.rawValue]
            if let before { arguments += [before.timeIntervalSinceReferenceDate] }
            return try Int64.fetchAll(db, sql: "SELECT id FROM episode WHERE feedId = ? \(dated) \(order)", arguments: arguments)
                .map(EpisodeID.init)
        }
    }

    /// Ids as a JSON array, for `json_each(?)`.
    static func jsonList(_ ids: [EpisodeID]) -> String {
        "[" + ids.map { String($0.rawValue) }.joined(separator: ",") + "]"
    }
}
