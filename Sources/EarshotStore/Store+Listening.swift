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

    /// The history since `since` (all when nil) added up per podcast (latest title) and per month
    /// (local time, in `timeZone`). Both are read from covering indexes, so a year of history adds up in
    /// milliseconds.
    public func listeningTotals(since: Date?, timeZone: TimeZone = .current) throws -> ListeningBreakdown {
        let from = since?.timeIntervalSinceReferenceDate ?? -Double.greatestFiniteMagnitude
        return try read { db in
            var podcasts: [ListeningTotals] = []
            let byPodcast = try Row.fetchCursor(db, sql: """
                SELECT podcastId, (SELECT podcastTitle FROM listening t WHERE t.podcastId = l.podcastId ORDER BY startedAt DESC LIMIT 1),
                    \(Self.sums) FROM listening l WHERE podcastId IS NOT NULL AND startedAt >= ? GROUP BY podcastId
                """, arguments: [from])
            while let row = try byPodcast.next() {
                podcasts.append(Self.totals(row, from: 2, podcast: row.integer(0).map(PodcastID.init), title: row.text(1)))
            }
            let unsubscribed = try Row.fetchCursor(db, sql: """
                SELECT podcastTitle, \(Self.sums) FROM listening WHERE podcastId IS NULL AND startedAt >= ? GROUP BY podcastTitle
                """, arguments: [from])
            while let row = try unsubscribed.next() { podcasts.append(Self.totals(row, from: 1, title: row.text(0))) }
            let bounds = try Row.fetchOne(db, sql: "SELECT min(startedAt), max(startedAt) FROM listening WHERE startedAt >= ?",
                                          arguments: [from])
            guard let first = bounds?.date(0), let last = bounds?.date(1) else { return ListeningBreakdown(podcasts: podcasts, months: []) }
            // One plain range scan per month (no GROUP BY: no sort of the rows).
            let month = try db.cachedStatement(sql: "SELECT \(Self.sums) FROM listening WHERE startedAt >= ? AND startedAt < ?")
            var byMonth: [ListeningTotals] = []
            for range in Self.months(from: first, to: last, timeZone: timeZone) {
                let start = max(range.start.timeIntervalSinceReferenceDate, from)
                guard let row = try Row.fetchOne(month, arguments: [start, range.end.timeIntervalSinceReferenceDate]),
                      row.integer(0) ?? 0 > 0 else { continue }
                byMonth.append(Self.totals(row, from: 0, month: range.name))
            }
            return ListeningBreakdown(podcasts: podcasts, months: byMonth)
        }
    }

    /// The sums `totals(_:from:)` reads, in this order.
    private static let sums = "count(*), sum(finished), sum(max(endedAt - startedAt, 0)), sum(span), sum(trimmed), sum(skipped)"

    private static func totals(_ row: Row, from index: Int, podcast: PodcastID? = nil, title: String? = nil,
                               month: String? = nil) -> ListeningTotals {
        ListeningTotals(podcast: podcast, podcastTitle: title, month: month, sessions: Int(row.integer(index) ?? 0),
                        finished: Int(row.integer(index + 1) ?? 0), wallTime: row.real(index + 2) ?? 0, span: row.real(index + 3) ?? 0,
                        trimmed: row.real(index + 4) ?? 0, skipped: row.real(index + 5) ?? 0)
    }

    /// The calendar months from the one holding `first` to the one holding `last`: where each starts and
    /// ends, and its name (`YYYY-MM`).
    static func months(from first: Date, to last: Date, timeZone: TimeZone) -> [(name: String, start: Date, end: Date)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let startOfFirst = calendar.dateInterval(of: .month, for: first)?.start else { return [] }
        var months: [(name: String, start: Date, end: Date)] = []
        var start = startOfFirst
        while start <= last, months.count < 12 * 200, let end = calendar.date(byAdding: .month, value: 1, to: start) {
            let parts = calendar.dateComponents([.year, .month], from: start)
            months.append((String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0), start, end))
            start = end
        }
        return months
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
}
