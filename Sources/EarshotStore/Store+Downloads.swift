import Foundation
import GRDB

extension Store {
    /// Every download, oldest request first. A row that cannot be read is skipped with a warning.
    public func downloads() throws -> [DownloadRecord] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT d.episodeId, e.feedId, d.path, d.state, d.bytes, d.totalBytes, d.error, d.attempts,
                       d.nextAttemptAt, d.requestedAt, d.completedAt, d.byHand
                FROM download d JOIN episode e ON e.id = d.episodeId ORDER BY d.requestedAt, d.episodeId
                """)
            var records: [DownloadRecord] = []
            while let row = try rows.next() {
                guard let episode = row.integer(0), let podcast = row.integer(1), let path = row.text(2),
                      let state = row.text(3).flatMap(DownloadState.init(rawValue:)) else {
                    warning("\(path): skipped a download row that cannot be read")
                    continue
                }
                records.append(DownloadRecord(
                    episode: EpisodeID(rawValue: episode), podcast: PodcastID(rawValue: podcast), path: path, state: state,
                    bytes: max(0, row.integer(4) ?? 0), totalBytes: row.integer(5), error: row.text(6),
                    attempts: Int(clamping: max(0, row.integer(7) ?? 0)), nextAttemptAt: row.date(8),
                    requestedAt: row.date(9) ?? Date(timeIntervalSinceReferenceDate: 0), completedAt: row.date(10),
                    byHand: row.flag(11)))
            }
            return records
        }
    }

    /// Inserts or replaces the download of `record.episode`; an episode that is no longer stored is ignored.
    public func saveDownload(_ record: DownloadRecord) throws {
        try saveDownloads([record])
    }

    /// Inserts or replaces these downloads in one transaction (a request for thousands of episodes is
    /// one write); episodes that are no longer stored are ignored.
    public func saveDownloads(_ records: [DownloadRecord]) throws {
        guard !records.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO download (episodeId, path, state, bytes, totalBytes, error, attempts, nextAttemptAt,
                                                 requestedAt, completedAt, byHand)
                SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM episode WHERE id = ?
                """)
            for record in records {
                try statement.execute(arguments: [
                    record.path, record.state.rawValue, record.bytes, record.totalBytes, record.error, record.attempts,
                    record.nextAttemptAt?.timeIntervalSinceReferenceDate, record.requestedAt.timeIntervalSinceReferenceDate,
                    record.completedAt?.timeIntervalSinceReferenceDate, record.byHand, record.episode.rawValue,
                ])
            }
        }
    }

    /// Forgets the downloads of `episodes` in one transaction (their files are the caller's business).
    public func removeDownloads(_ episodes: [EpisodeID]) throws {
        try write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM download WHERE episodeId = ?")
            for episode in episodes { try statement.execute(arguments: [episode.rawValue]) }
        }
    }

    /// Forgets the download of `episode` (its file is the caller's business).
    public func removeDownload(_ episode: EpisodeID) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM download WHERE episodeId = ?", arguments: [episode.rawValue])
        }
    }
}
