import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// The stored status of every episode of `feed` that has one, keyed by episode id (guid). An episode
    /// missing from the result was never played: its status is `EpisodeStatus.unplayed`.
    public func statuses(in feed: FeedID) throws -> [String: EpisodeStatus] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT e.guid, s.lastListenTime, s.lastPlayedAt, s.hasCompleted, s.isCurrentlyPlaying
                FROM episodeStatus s JOIN episode e ON e.id = s.episodeId
                WHERE e.feedId = ?
                """, arguments: [feed.rawValue])
            var statuses: [String: EpisodeStatus] = [:]
            while let row = try rows.next() {
                statuses[row[0]] = Self.status(row, from: 1)
            }
            return statuses
        }
    }

    /// Records where listening to an episode stopped: `lastListenTime = position`, `hasCompleted =
    /// completed`, `lastPlayedAt = date`, in one small transaction. Does not change which episode is
    /// current.
    /// - Throws: `StoreError.invalidPosition` for a negative or non-finite `position`;
    ///   `.noSuchFeed` / `.noSuchEpisode` when the episode is not stored.
    public func saveProgress(feed: FeedID, episode: String, position: Double, completed: Bool, at date: Date) throws {
        guard position.isFinite, position >= 0 else { throw StoreError.invalidPosition(position) }
        try write { db in
            let episodeID = try Self.episodeID(feed: feed, guid: episode, db)
            try db.cachedStatement(sql: """
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted) VALUES (?, ?, ?, ?)
                ON CONFLICT (episodeId) DO UPDATE SET lastListenTime = excluded.lastListenTime,
                    lastPlayedAt = excluded.lastPlayedAt, hasCompleted = excluded.hasCompleted
                """).execute(arguments: [episodeID, position, date.timeIntervalSinceReferenceDate, completed])
        }
    }

    /// Makes this episode the current one (the one the player has loaded), and no other, in any feed.
    /// Its progress is kept; an episode without a status gets one (unplayed).
    /// - Throws: `StoreError.noSuchFeed` / `.noSuchEpisode` when the episode is not stored.
    public func makeCurrent(feed: FeedID, episode: String) throws {
        try write { db in
            let episodeID = try Self.episodeID(feed: feed, guid: episode, db)
            try db.execute(
                sql: "UPDATE episodeStatus SET isCurrentlyPlaying = 0 WHERE isCurrentlyPlaying = 1 AND episodeId <> ?",
                arguments: [episodeID])
            try db.execute(sql: """
                INSERT INTO episodeStatus (episodeId, isCurrentlyPlaying) VALUES (?, 1)
                ON CONFLICT (episodeId) DO UPDATE SET isCurrentlyPlaying = 1
                """, arguments: [episodeID])
        }
    }

    /// The current episode — its feed, id (guid) and status — or nil when none was ever made current.
    public func current() throws -> (feed: FeedID, episode: String, status: EpisodeStatus)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT e.feedId, e.guid, s.lastListenTime, s.lastPlayedAt, s.hasCompleted, s.isCurrentlyPlaying
                FROM episodeStatus s JOIN episode e ON e.id = s.episodeId
                WHERE s.isCurrentlyPlaying = 1
                """)
            else { return nil }
            return (FeedID(rawValue: row[0]), row[1], Self.status(row, from: 2))
        }
    }

    private static func status(_ row: Row, from index: Int) -> EpisodeStatus {
        EpisodeStatus(
            lastListenTime: row[index], lastPlayedAt: date(row[index + 1]),
            hasCompleted: row[index + 2], isCurrentlyPlaying: row[index + 3])
    }

    private static func episodeID(feed: FeedID, guid: String, _ db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM episode WHERE feedId = ? AND guid = ?"), arguments: [feed.rawValue, guid])
        {
            return id
        }
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM feed WHERE id = ?", arguments: [feed.rawValue]) != nil else {
            throw StoreError.noSuchFeed(feed)
        }
        throw StoreError.noSuchEpisode(feed: feed, episode: guid)
    }
}
