import EarshotFeed
import Foundation
import GRDB

/// Transcripts made on this computer (schema v11): stored segment by segment as the recogniser hears
/// them, so that a stop, a crash or a reboot resumes after the last one stored; a publisher's
/// transcript (`storeTranscript`) always replaces a generated one, and a generated one never replaces
/// a publisher's.
extension Store {
    /// Appends `segments` (in time order) to the episode's generated transcript, made by `generator` from
    /// the audio at `source`, starting it when there is none, and indexes them, in one transaction.
    /// - Returns: false, storing nothing, when the publisher's transcript is stored (it wins).
    /// - Throws: `StoreError.noSuchEpisodeID` when the episode is not stored; `.transcriptTooLong` beyond
    ///   `maximumTranscriptSegments`.
    @discardableResult
    public func appendGeneratedSegments(_ segments: [TranscriptSegment], for episode: EpisodeID, by generator: TranscriptGenerator,
                                        from source: URL, at date: Date = Date()) throws -> Bool {
        guard episode.rawValue > 0, episode.rawValue <= Int64.max >> TranscriptRows.positionBits else {
            throw StoreError.noSuchEpisodeID(episode)
        }
        return try write { db in
            guard try startGenerated(db, episode, generator, source, date) else { return false }
            let rows = TranscriptRows.range(of: episode)
            let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM transcriptSegment WHERE id BETWEEN ? AND ?",
                                          arguments: [rows.lowerBound, rows.upperBound])
            let first = last.map { $0 + 1 } ?? rows.lowerBound
            guard first + Int64(segments.count) - 1 <= rows.upperBound else {
                throw StoreError.transcriptTooLong(segments: Int(first - rows.lowerBound) + segments.count)
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO transcriptSegment (id, start, end, speaker, text) VALUES (?, ?, ?, NULL, ?)")
            for (offset, segment) in segments.enumerated() {
                try insert.execute(arguments: [first + Int64(offset), segment.start.flatMap(Self.finiteSeconds),
                                               segment.end.flatMap(Self.finiteSeconds), segment.text])
            }
            return true
        }
    }

    /// Marks the episode's generated transcript complete (the recogniser heard the whole episode),
    /// starting it when no segment was heard (an episode of silence).
    /// - Returns: false when the publisher's transcript is stored.
    @discardableResult
    public func finishGeneratedTranscript(of episode: EpisodeID, by generator: TranscriptGenerator, from source: URL,
                                          at date: Date = Date()) throws -> Bool {
        try write { db in
            guard try startGenerated(db, episode, generator, source, date) else { return false }
            try db.execute(sql: "UPDATE transcript SET generatedComplete = 1 WHERE episodeId = ?", arguments: [episode.rawValue])
            return true
        }
    }

    /// Downloaded episodes that may be transcribed here, in-progress first, then newest first: those
    /// with no transcript, or a generated one not yet complete. With `episode`, only that one, whatever
    /// its feed offers and whether it is downloaded (`file` is then the download's path, complete or not).
    /// `settingKey` names the podcast setting to read with each.
    public func transcriptionCandidates(settingKey: String, episode: EpisodeID? = nil, limit: Int = 200) throws -> [TranscriptionCandidate] {
        let filter = episode == nil
            ? "d.state = 'completed' AND (t.episodeId IS NULL OR (t.generator IS NOT NULL AND t.generatedComplete = 0))"
            : "e.id = ?"
        let sql = """
            SELECT e.id, e.feedId, d.path, f.language, e.duration, ifnull(s.lastListenTime, 0), ifnull(s.hasCompleted, 0),
                e.releaseDate, (SELECT max(g.end) FROM transcriptSegment g WHERE g.id BETWEEN e.id << \(TranscriptRows.positionBits)
                    AND (e.id << \(TranscriptRows.positionBits)) + \(TranscriptRows.lastPosition)),
                (SELECT value FROM setting WHERE podcastId = e.feedId AND key = ?), e.transcripts IS NOT NULL
            FROM episode e JOIN feed f ON f.id = e.feedId
            \(episode == nil ? "JOIN" : "LEFT JOIN") download d ON d.episodeId = e.id
            LEFT JOIN transcript t ON t.episodeId = e.id
            LEFT JOIN episodeStatus s ON s.episodeId = e.id
            WHERE \(filter)
            ORDER BY (ifnull(s.lastListenTime, 0) > 0 AND ifnull(s.hasCompleted, 0) = 0) DESC, e.releaseDate IS NULL, e.releaseDate DESC, e.id DESC
            LIMIT ?
            """
        var arguments: [DatabaseValueConvertible?] = [settingKey]
        if let episode { arguments.append(episode.rawValue) }
        arguments.append(max(1, limit))
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).compactMap { row in
                guard let id = row.integer(0), let feed = row.integer(1) else { return nil }
                return TranscriptionCandidate(
                    episode: EpisodeID(rawValue: id), podcast: PodcastID(rawValue: feed),
                    file: URL(fileURLWithPath: row.text(2) ?? "/nonexistent"), language: row.text(3), duration: row.real(4),
                    listenedTo: row.real(5) ?? 0, finished: row.flag(6), released: row.date(7), resumeAt: row.real(8) ?? 0,
                    podcastSetting: row.text(9), offersTranscript: row.flag(10))
            }
        }
    }

    /// Starts the episode's generated transcript when it has none; false when the publisher's is stored.
    private func startGenerated(_ db: Database, _ episode: EpisodeID, _ generator: TranscriptGenerator, _ source: URL, _ date: Date) throws -> Bool {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM episode WHERE id = ?", arguments: [episode.rawValue]) != nil else {
            throw StoreError.noSuchEpisodeID(episode)
        }
        if let stored = try Row.fetchOne(db, sql: "SELECT generator FROM transcript WHERE episodeId = ?", arguments: [episode.rawValue]) {
            return stored.text(0) != nil
        }
        try db.execute(sql: """
            INSERT INTO transcript (episodeId, url, fetchedAt, generator, generatorModel, generatedComplete) VALUES (?, ?, ?, ?, ?, 0)
            """, arguments: [episode.rawValue, source.absoluteString, date.timeIntervalSinceReferenceDate, generator.engine, generator.model])
        return true
    }

    private static func finiteSeconds(_ seconds: Double) -> Double? { seconds.isFinite ? seconds : nil }
}
