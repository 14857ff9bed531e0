import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// The most segments one episode's transcript may hold (an hour of speech is about 1,000).
    public static let maximumTranscriptSegments = Int(TranscriptRows.lastPosition) + 1

    /// Stores the episode's transcript, replacing the one stored before, and indexes its segments for
    /// `find` (`SearchIndex`), in one transaction; a failed attempt recorded for the episode is forgotten. The
    /// transcript goes with its episode. A start or end that is not a finite number is stored as absent.
    /// - Throws: `StoreError.noSuchEpisodeID` when the episode is not stored; `.transcriptTooLong` beyond
    ///   `maximumTranscriptSegments`.
    public func storeTranscript(_ segments: [TranscriptSegment], for episode: EpisodeID, from url: URL, fetchedAt: Date = Date()) throws {
        guard segments.count <= Self.maximumTranscriptSegments else { throw StoreError.transcriptTooLong(segments: segments.count) }
        guard episode.rawValue > 0, episode.rawValue <= Int64.max >> TranscriptRows.positionBits else {
            throw StoreError.noSuchEpisodeID(episode)
        }
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM episode WHERE id = ?", arguments: [episode.rawValue]) != nil else {
                throw StoreError.noSuchEpisodeID(episode)
            }
            let rows = TranscriptRows.range(of: episode)
            try db.execute(sql: "DELETE FROM transcriptSegment WHERE id BETWEEN ? AND ?", arguments: [rows.lowerBound, rows.upperBound])
            let insert = try db.cachedStatement(sql: "INSERT INTO transcriptSegment (id, start, end, speaker, text) VALUES (?, ?, ?, ?, ?)")
            for (position, segment) in segments.enumerated() {
                let row = rows.lowerBound + Int64(position)
                try insert.execute(arguments: [row, segment.start.flatMap(Self.finite), segment.end.flatMap(Self.finite),
                                               segment.speaker, segment.text])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO transcript (episodeId, url, fetchedAt) VALUES (?, ?, ?)",
                           arguments: [episode.rawValue, url.absoluteString, fetchedAt.timeIntervalSinceReferenceDate])
            try db.execute(sql: "DELETE FROM transcriptAttempt WHERE episodeId = ?", arguments: [episode.rawValue])
        }
    }

    /// Whether the publisher's transcript of the episode is stored (without reading its segments); one
    /// made on this computer does not count: the publisher's replaces it when fetched.
    public func hasTranscript(_ episode: EpisodeID) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM transcript WHERE episodeId = ? AND generator IS NULL", arguments: [episode.rawValue]) ?? false
        }
    }

    /// The episode's stored transcript, or nil when there is none (or its address cannot be read).

    public func transcript(of episode: EpisodeID) throws -> StoredTranscript? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT url, fetchedAt, generator, generatorModel, generatedComplete FROM transcript WHERE episodeId = ?",
                                             arguments: [episode.rawValue]),
                  let url = row.url(0)
            else { return nil }
            let rows = TranscriptRows.range(of: episode)
            var segments: [TranscriptSegment] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT start, end, speaker, text FROM transcriptSegment WHERE id BETWEEN ? AND ? ORDER BY id",
                                             arguments: [rows.lowerBound, rows.upperBound])
            while let segment = try cursor.next() {
                segments.append(TranscriptSegment(start: segment.real(0), end: segment.real(1), speaker: segment.text(2),
                                                  text: segment.text(3) ?? ""))
            }
            let generator = row.text(2).map { TranscriptGenerator(engine: $0, model: row.text(3) ?? "") }
            return StoredTranscript(url: url, fetchedAt: row.date(1) ?? Date(timeIntervalSinceReferenceDate: 0), segments: segments,
                                    generator: generator, complete: generator == nil || row.integer(4) == 1)
        }
    }

    /// Records that fetching the episode's transcript from `url` failed: one more attempt, why, and when
    /// to try again (nil: not by itself). Returns the attempt as recorded.
    /// - Throws: `StoreError.noSuchEpisodeID` when the episode is not stored.
    @discardableResult
    public func recordTranscriptFailure(of episode: EpisodeID, url: URL, failure: String, nextAttemptAt: Date?) throws -> TranscriptAttempt {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM episode WHERE id = ?", arguments: [episode.rawValue]) != nil else {
                throw StoreError.noSuchEpisodeID(episode)
            }
            let attempts = try Int.fetchOne(db, sql: """
                INSERT INTO transcriptAttempt (episodeId, url, failure, attempts, nextAttemptAt) VALUES (?, ?, ?, 1, ?)
                ON CONFLICT (episodeId) DO UPDATE SET
                    url = excluded.url, failure = excluded.failure, attempts = attempts + 1, nextAttemptAt = excluded.nextAttemptAt
                RETURNING attempts
                """, arguments: [episode.rawValue, url.absoluteString, failure, nextAttemptAt?.timeIntervalSinceReferenceDate]) ?? 1
            return TranscriptAttempt(episode: episode, url: url, failure: failure, attempts: attempts, nextAttemptAt: nextAttemptAt)
        }
    }

    /// The failed attempts recorded for the episode's transcript since it was last stored, or nil.
    public func transcriptAttempt(of episode: EpisodeID) throws -> TranscriptAttempt? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT url, failure, attempts, nextAttemptAt FROM transcriptAttempt WHERE episodeId = ?
                """, arguments: [episode.rawValue]),
                  let url = row.url(0)
            else { return nil }
            return TranscriptAttempt(episode: episode, url: url, failure: row.text(1) ?? "", attempts: Int(row.integer(2) ?? 1),
                                     nextAttemptAt: row.date(3))
        }
    }

    private static func finite(_ seconds: Double) -> Double? { seconds.isFinite ? seconds : nil }
}
