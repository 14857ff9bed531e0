import EarshotFeed
import GRDB

/// The full-text index (schema v7): three FTS5 tables, each external-content, so the index holds no
/// second copy of the text: `snippet()` reads the words back from the rows they came from.
///
/// - `podcastSearch(title)` over `feed`.
/// - `episodeSearch(title, chapters, notes, podcast)` over the view `episodeSearchContent`: the
///   episode's title, its chapter titles one a line (the feed's chapters, else those stored, as the
///   player takes them), its show notes as plain text, and `p<feedId>`, the podcast as a token so that
///   `--podcast` is one more term of the query rather than a filter over every match.
/// - `transcriptSearch(text, podcast)` over the view `transcriptSearchContent`: one row per transcript
///   segment (its row id is the segment's, `TranscriptRows`); the speaker and times are not indexed.
///
/// All three use `unicode61 remove_diacritics 2` (case and accents folded) and `detail=full`, which
/// phrases and snippets need. No prefix indexes: FTS5 answers `word*` from the terms themselves.
///
/// The index is kept by the writer's **temporary triggers** (`installTriggers`), in the transaction
/// of every write: a podcast or episode inserted, edited in an indexed field (and only then: a refresh
/// that moves an episode in the feed does not touch the index), moved to another podcast, or deleted
/// (also through `ON DELETE CASCADE`, with its transcript). Temporary, because they call Earshot's own
/// SQL functions (`plainText`, `chapterTitles`), which another program (the sqlite3 shell) does not
/// have: its writes succeed and are simply not indexed.
enum SearchIndex {
    /// `episodeSearchContent` and the index tables.
    static let schemaSQL = """
        CREATE VIEW episodeSearchContent AS
            SELECT id, title, \(chapterTitles.name)(coalesce(feedChapters, chapters)) AS chapters,
                \(plainText.name)(rawDescription, rawDescriptionFormat) AS notes, 'p' || feedId AS podcast
            FROM episode;
        CREATE VIEW transcriptSearchContent AS
            SELECT s.id, s.text, 'p' || e.feedId AS podcast
            FROM transcriptSegment s JOIN episode e ON e.id = s.id >> \(TranscriptRows.positionBits);
        CREATE VIRTUAL TABLE podcastSearch USING fts5(
            title, content='feed', content_rowid='id', tokenize='\(tokenizer)');
        CREATE VIRTUAL TABLE episodeSearch USING fts5(
            title, chapters, notes, podcast, content='episodeSearchContent', content_rowid='id', tokenize='\(tokenizer)');
        CREATE VIRTUAL TABLE transcriptSearch USING fts5(
            text, podcast, content='transcriptSearchContent', content_rowid='id', tokenize='\(tokenizer)');
        """

    /// Indexes everything stored (the migration to v7; transcripts are new in v7).
    static let rebuildSQL = """
        INSERT INTO podcastSearch(podcastSearch) VALUES ('rebuild');
        INSERT INTO episodeSearch(episodeSearch) VALUES ('rebuild');
        """

    static let tokenizer = "unicode61 remove_diacritics 2"

    /// Creates the triggers that keep the index on `db` (the store's writer), once it is migrated.
    static func installTriggers(_ db: Database) throws {
        let episodeValues = { (row: String) in
            """
            \(row).id, \(row).title, \(chapterTitles.name)(coalesce(\(row).feedChapters, \(row).chapters)),
            \(plainText.name)(\(row).rawDescription, \(row).rawDescriptionFormat), 'p' || \(row).feedId
            """
        }
        let segments = { (row: String) in
            "FROM transcriptSegment WHERE id BETWEEN \(row).id << \(TranscriptRows.positionBits) AND (\(row).id << \(TranscriptRows.positionBits)) + \(TranscriptRows.lastPosition)"
        }
        let indexed = ["title", "rawDescription", "rawDescriptionFormat", "chapters", "feedChapters", "feedId"]
        try db.execute(sql: """
            CREATE TEMP TRIGGER podcastSearch_insert AFTER INSERT ON main.feed BEGIN
                INSERT INTO podcastSearch(rowid, title) VALUES (new.id, new.title);
            END;
            CREATE TEMP TRIGGER podcastSearch_delete AFTER DELETE ON main.feed BEGIN
                INSERT INTO podcastSearch(podcastSearch, rowid, title) VALUES ('delete', old.id, old.title);
            END;
            CREATE TEMP TRIGGER podcastSearch_update AFTER UPDATE OF title ON main.feed WHEN old.title IS NOT new.title BEGIN
                INSERT INTO podcastSearch(podcastSearch, rowid, title) VALUES ('delete', old.id, old.title);
                INSERT INTO podcastSearch(rowid, title) VALUES (new.id, new.title);
            END;
            CREATE TEMP TRIGGER episodeSearch_insert AFTER INSERT ON main.episode BEGIN
                INSERT INTO episodeSearch(rowid, title, chapters, notes, podcast) VALUES (\(episodeValues("new")));
            END;
            CREATE TEMP TRIGGER episodeSearch_delete AFTER DELETE ON main.episode BEGIN
                INSERT INTO episodeSearch(episodeSearch, rowid, title, chapters, notes, podcast) VALUES ('delete', \(episodeValues("old")));
                INSERT INTO transcriptSearch(transcriptSearch, rowid, text, podcast) SELECT 'delete', id, text, 'p' || old.feedId \(segments("old"));
                DELETE \(segments("old"));
            END;
            CREATE TEMP TRIGGER episodeSearch_update AFTER UPDATE OF \(indexed.joined(separator: ", ")) ON main.episode
            WHEN \(indexed.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")) BEGIN
                INSERT INTO episodeSearch(episodeSearch, rowid, title, chapters, notes, podcast) VALUES ('delete', \(episodeValues("old")));
                INSERT INTO episodeSearch(rowid, title, chapters, notes, podcast) VALUES (\(episodeValues("new")));
            END;
            CREATE TEMP TRIGGER transcriptSearch_move AFTER UPDATE OF feedId ON main.episode WHEN old.feedId IS NOT new.feedId BEGIN
                INSERT INTO transcriptSearch(transcriptSearch, rowid, text, podcast) SELECT 'delete', id, text, 'p' || old.feedId \(segments("old"));
                INSERT INTO transcriptSearch(rowid, text, podcast) SELECT id, text, 'p' || new.feedId \(segments("new"));
            END;
            """)
    }

    /// `earshot_plain_text(rawDescription, rawDescriptionFormat)`: show notes as plain text
    /// (`Episode.description`); NULL for none.
    static let plainText = DatabaseFunction("earshot_plain_text", argumentCount: 2, pure: true) { values in
        guard let raw = String.fromDatabaseValue(values[0]) else { return nil }
        let format = String.fromDatabaseValue(values[1]).flatMap(DescriptionFormat.init(rawValue:)) ?? .html
        return Episode(id: "", rawDescription: raw, rawDescriptionFormat: format).description
    }

    /// `earshot_chapter_titles(chaptersJSON)`: the titles of stored chapters, one a line, in stored order
    /// (`chapterTitles(_:)`); NULL for none or unreadable JSON.
    static let chapterTitles = DatabaseFunction("earshot_chapter_titles", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let chapters = ChaptersJSON.chapters(text), !chapters.isEmpty
        else { return nil }
        return chapterLines(chapters).joined(separator: "\n")
    }

    /// Each chapter's title on one line (line breaks inside a title become spaces), so that line `i` of
    /// the indexed text is chapter `i`.
    static func chapterLines(_ chapters: [Chapter]) -> [String] {
        chapters.map { String($0.title.map { $0.isNewline ? " " : $0 }) }
    }
}

/// Transcript segment row ids: `episodeId << positionBits | position`, so that an episode's segments are
/// one range of the primary key, in order, and a hit's episode is its row id shifted back.
enum TranscriptRows {
    static let positionBits = 20
    /// The last position an episode's segments may take (a transcript holds at most `lastPosition + 1`).
    static let lastPosition: Int64 = (1 << positionBits) - 1

    /// The row ids an episode's segments may take.
    static func range(of episode: EpisodeID) -> ClosedRange<Int64> {
        let base = episode.rawValue << positionBits
        return base...(base + lastPosition)
    }

    /// The episode a segment row belongs to.
    static func episode(of row: Int64) -> EpisodeID {
        EpisodeID(rawValue: row >> positionBits)
    }
}
