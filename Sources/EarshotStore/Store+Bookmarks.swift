import Foundation
import GRDB

/// Bookmarks (schema v14): one row per marked moment, removed with its episode.
extension Store {
    static let bookmarkSchemaSQL = """
        CREATE TABLE bookmark (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            episodeId INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
            position REAL NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            said TEXT,
            createdAt REAL NOT NULL
        );
        CREATE INDEX bookmark_episode ON bookmark (episodeId, position);
        """

    /// How far around a bookmark's moment the transcript's words are kept, in seconds each way.
    static let bookmarkContext = 15.0
    /// The most characters of the transcript a bookmark keeps.
    static let bookmarkSaidLength = 500

    /// Marks `position` seconds of `episode` with `note`, keeping what its transcript says around it.
    /// - Throws: `StoreError.noSuchEpisodeID` when the episode is not stored.
    public func addBookmark(of episode: EpisodeID, at position: Double, note: String, madeAt date: Date) throws -> Bookmark {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM episode WHERE id = ?", arguments: [episode.rawValue]) == true else {
                throw StoreError.noSuchEpisodeID(episode)
            }
            let range = TranscriptRows.range(of: episode)
            let lines = try String.fetchAll(db, sql: """
                SELECT text FROM transcriptSegment WHERE id BETWEEN ? AND ?
                    AND start IS NOT NULL AND start <= ? AND coalesce(end, start) >= ? ORDER BY id
                """, arguments: [range.lowerBound, range.upperBound, position + Self.bookmarkContext, position - Self.bookmarkContext])
            let said = Self.cut(lines.joined(separator: " "), to: Self.bookmarkSaidLength)
            try db.execute(sql: "INSERT INTO bookmark (episodeId, position, note, said, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [episode.rawValue, position, note, said.isEmpty ? nil : said, date.timeIntervalSinceReferenceDate])
            let id = db.lastInsertedRowID
            return try Self.bookmarks(db, where: "b.id = ?", arguments: [id]).first!
        }
    }

    /// The bookmarks of `episode` in the order of the episode, or every bookmark (nil), newest first.
    public func bookmarks(of episode: EpisodeID?) throws -> [Bookmark] {
        try read { db in
            if let episode { return try Self.bookmarks(db, where: "b.episodeId = ?", arguments: [episode.rawValue], order: "b.position, b.id") }
            return try Self.bookmarks(db, where: "1", arguments: [], order: "b.createdAt DESC, b.id DESC")
        }
    }

    /// Bookmark `id`, or nil when there is none.
    public func bookmark(_ id: Int64) throws -> Bookmark? {
        try read { db in try Self.bookmarks(db, where: "b.id = ?", arguments: [id]).first }
    }

    /// Removes bookmark `id`; false when there was none.
    public func removeBookmark(_ id: Int64) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM bookmark WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// The bookmarks (of `podcast`, when given) whose note or words said contain every one of `words`
    /// regardless of case, newest first, at most `limit`.
    public func findBookmarks(_ words: [String], podcast: PodcastID?, limit: Int) throws -> [Bookmark] {
        let words = words.filter { !$0.isEmpty }
        guard !words.isEmpty, limit > 0 else { return [] }
        var conditions = words.map { _ in "(\(TitleMatch.name)(b.note, ?) OR \(TitleMatch.name)(b.said, ?))" }
        var arguments = StatementArguments(words.flatMap { [$0, $0] })
        if let podcast {
            conditions.append("e.feedId = ?")
            arguments += [podcast.rawValue]
        }
        return try read { db in
            try Self.bookmarks(db, where: conditions.joined(separator: " AND "), arguments: arguments,
                               order: "b.createdAt DESC, b.id DESC LIMIT \(limit)")
        }
    }

    private static func bookmarks(_ db: Database, where condition: String, arguments: StatementArguments,
                                  order: String = "b.id") throws -> [Bookmark] {
        try Row.fetchAll(db, sql: """
            SELECT b.id, b.episodeId, e.feedId, b.position, b.note, b.said, b.createdAt, e.title, f.title
            FROM bookmark b JOIN episode e ON e.id = b.episodeId JOIN feed f ON f.id = e.feedId
            WHERE \(condition) ORDER BY \(order)
            """, arguments: arguments).map { row in
            Bookmark(id: row[0], episode: EpisodeID(rawValue: row[1]), podcast: PodcastID(rawValue: row[2]), position: row[3],
                     note: row[4], said: row[5], createdAt: Date(timeIntervalSinceReferenceDate: row[6]),
                     episodeTitle: row[7], podcastTitle: row[8])
        }
    }

    /// `text` cut to at most `length` characters at a word boundary, with an ellipsis when cut.
    private static func cut(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        let head = text.prefix(length)
        let end = head.lastIndex(of: " ") ?? head.endIndex
        return String(head[..<end]) + "…"
    }
}
