import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Records where listening to an episode stopped: `lastListenTime = position`, `hasCompleted =
    /// completed`, `lastPlayedAt = date`, in one small transaction. Does not change which episode is
    /// current.
    /// - Throws: `StoreError.invalidPosition` for a negative or non-finite `position`;
    ///   `.noSuchEpisodeID` when the episode is not stored.
    public func saveProgress(of episode: EpisodeID, position: Double, completed: Bool, at date: Date) throws {
        guard position.isFinite, position >= 0 else { throw StoreError.invalidPosition(position) }
        try write { db in
            try Self.requireEpisode(episode, db)
            try db.cachedStatement(sql: """
                INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted) VALUES (?, ?, ?, ?)
                ON CONFLICT (episodeId) DO UPDATE SET lastListenTime = excluded.lastListenTime,
                    lastPlayedAt = excluded.lastPlayedAt, hasCompleted = excluded.hasCompleted
                """).execute(arguments: [episode.rawValue, position, date.timeIntervalSinceReferenceDate, completed])
        }
    }

    /// Makes this episode the current one (the one the player has loaded), and no other in the whole
    /// library. Its progress is kept; an episode without a status gets one (unplayed).
    /// - Throws: `StoreError.noSuchEpisodeID` when the episode is not stored.
    public func makeCurrent(_ episode: EpisodeID) throws {
        try write { db in
            try Self.requireEpisode(episode, db)
            try db.execute(
                sql: "UPDATE episodeStatus SET isCurrentlyPlaying = 0 WHERE isCurrentlyPlaying = 1 AND episodeId <> ?",
                arguments: [episode.rawValue])
            try db.execute(sql: """
                INSERT INTO episodeStatus (episodeId, isCurrentlyPlaying) VALUES (?, 1)
                ON CONFLICT (episodeId) DO UPDATE SET isCurrentlyPlaying = 1
                """, arguments: [episode.rawValue])
        }
    }

    /// The current episode, its podcast and its status; nil when none is current (never chosen, or its
    /// podcast was removed).
    public func currentEpisode() throws -> CurrentEpisode? {
        try read { db in
            try Row.fetchOne(db, sql: """
                SELECT e.id, e.feedId, e.learnedDuration, e.duration, \(Self.statusColumns)
                FROM episodeStatus s JOIN episode e ON e.id = s.episodeId
                WHERE s.isCurrentlyPlaying = 1
                """).flatMap { row in
                row.integer(1).map { podcast in
                    CurrentEpisode(episode: EpisodeID(rawValue: row[0]), podcast: PodcastID(rawValue: podcast),
                                   status: Self.status(row, from: 4, duration: Self.knownDuration(row, from: 2)))
                }
            }
        }
    }

    /// The stored status of every episode of `podcast` that has one. An episode missing from the result
    /// was never played: its status is `EpisodeStatus.unplayed`.
    package func episodeStatuses(of podcast: PodcastID) throws -> [EpisodeID: EpisodeStatus] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT e.id, e.learnedDuration, e.duration, \(Self.statusColumns)
                FROM episodeStatus s JOIN episode e ON e.id = s.episodeId
                WHERE e.feedId = ?
                """, arguments: [podcast.rawValue])
            var statuses: [EpisodeID: EpisodeStatus] = [:]
            while let row = try rows.next() {
                statuses[EpisodeID(rawValue: row[0])] = Self.status(row, from: 3, duration: Self.knownDuration(row, from: 1))
            }
            return statuses
        }
    }

    // MARK: - Lookups

    /// Throws `StoreError.noSuchEpisodeID` unless `episode` is stored.
    static func requireEpisode(_ episode: EpisodeID, _ db: Database) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM episode WHERE id = ?"), arguments: [episode.rawValue]) != nil else {
            throw StoreError.noSuchEpisodeID(episode)
        }
    }
}
