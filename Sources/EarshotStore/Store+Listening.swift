import Foundation
import GRDB

/// The history of listening: one row per stretch of listening, written as it happens (the row of the
/// stretch in progress is rewritten each time progress is saved), read back for `history` and the
/// statistics.
extension Store {
    /// Stores a record, replacing the one with the same id.
    public func saveListening(_ record: ListeningRecord) throws {
        try write { db in
            try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO listening (id, episodeId, podcastId, episodeTitle, podcastTitle, episodeGUID, soundURL,
                    podcastURL, device, startedAt, endedAt, startPosition, endPosition, span, trimmed, skipped, rate, finished)
                VALUES (?, (SELECT id FROM episode WHERE id = ?), (SELECT id FROM feed WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                    ?, ?, ?, ?, ?)
                """).execute(arguments: [
                    record.id, record.episode?.rawValue, record.podcast?.rawValue, record.episodeTitle, record.podcastTitle,
                    record.episodeGUID, record.soundURL?.absoluteString, record.podcastURL?.absoluteString, record.device,
                    record.startedAt.timeIntervalSinceReferenceDate, record.endedAt.timeIntervalSinceReferenceDate,
                    record.startPosition, record.endPosition, record.span, record.trimmed, record.skipped, record.rate,
                    record.finished,
                ])
        }
    }

    /// The largest record id stored (0 when the history is empty): ids after it are free.
    public func lastListeningID() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM listening") ?? 0 }
    }

    /// The history, latest first: records that started at or after `since` (all when nil), at most
    /// `limit` of them (all when nil).
    public func listening(since: Date?, limit: Int?) throws -> [ListeningRecord] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, episodeId, podcastId, episodeTitle, podcastTitle, episodeGUID, soundURL, podcastURL, device,
                    startedAt, endedAt, startPosition, endPosition, span, trimmed, skipped, rate, finished
                FROM listening WHERE startedAt >= ? ORDER BY startedAt DESC, id DESC LIMIT ?
                """, arguments: [since?.timeIntervalSinceReferenceDate ?? -Double.greatestFiniteMagnitude, limit ?? -1])
            var records: [ListeningRecord] = []
            while let row = try rows.next() {
                records.append(ListeningRecord(
                    id: row[0], episode: row.integer(1).map(EpisodeID.init), podcast: row.integer(2).map(PodcastID.init),
                    episodeTitle: row.text(3), podcastTitle: row.text(4), episodeGUID: row.text(5), soundURL: row.url(6),
                    podcastURL: row.url(7), device: row.text(8) ?? "", startedAt: row.date(9) ?? .distantPast,
                    endedAt: row.date(10) ?? .distantPast, startPosition: row.real(11) ?? 0, endPosition: row.real(12) ?? 0,
                    span: row.real(13) ?? 0, trimmed: row.real(14) ?? 0, skipped: row.real(15) ?? 0, rate: row.real(16) ?? 1,
                    finished: row.flag(17)))
            }
            return records
        }
    }

    /// The history since `since` (all when nil) added up per podcast and month (local time).
    public func listeningTotals(since: Date?) throws -> [ListeningTotals] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT podcastId, max(podcastTitle),
                    strftime('%Y-%m', startedAt + \(Self.unixEpochOffset), 'unixepoch', 'localtime') AS month,
                    count(*), sum(finished), sum(max(endedAt - startedAt, 0)), sum(span), sum(trimmed), sum(skipped)
                FROM listening WHERE startedAt >= ?
                GROUP BY podcastId, CASE WHEN podcastId IS NULL THEN podcastTitle END, month
                """, arguments: [since?.timeIntervalSinceReferenceDate ?? -Double.greatestFiniteMagnitude])
            var totals: [ListeningTotals] = []
            while let row = try rows.next() {
                totals.append(ListeningTotals(
                    podcast: row.integer(0).map(PodcastID.init), podcastTitle: row.text(1), month: row.text(2) ?? "",
                    sessions: Int(row.integer(3) ?? 0), finished: Int(row.integer(4) ?? 0), wallTime: row.real(5) ?? 0,
                    span: row.real(6) ?? 0, trimmed: row.real(7) ?? 0, skipped: row.real(8) ?? 0))
            }
            return totals
        }
    }

    /// How often the episode was played to the end, and when last.
    public func episodeUse(_ episode: EpisodeID) throws -> EpisodeUse {
        try read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT count(*), max(endedAt) FROM listening WHERE episodeId = ? AND finished = 1
                """), arguments: [episode.rawValue])
            return EpisodeUse(count: Int(row?.integer(0) ?? 0), last: row?.date(1))
        }
    }

    /// Seconds from 1970 to 2001 (the store's instants count from 2001; SQLite's from 1970).
    static let unixEpochOffset = 978_307_200
}
