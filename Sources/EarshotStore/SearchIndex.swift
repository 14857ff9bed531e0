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
/// All three use `SearchTokenizer` (schema v10; before, `unicode61 remove_diacritics 2`, which it wraps:
/// case and accents folded, and bigrams for Chinese, Japanese, Korean and Thai) and `detail=full`, which
/// phrases and snippets need. From v10 the daemon fills them in the background, and a damaged one is
/// emptied and filled again (`SearchFill`). The episode and transcript indexes keep 3- and 4-character prefixes
/// (`prefix='3 4'`, schema v9; v7 kept only 3): a query typed so far (`mar*`, `mars*`) reads one list
/// instead of merging those of every word that starts so (FTS5 3.40 merges them all before giving the
/// first row); longer prefixes merge, but few words share five letters.
///
/// The index is kept in the transaction of every write, by the writer's **temporary triggers**
/// (`installTriggers`) and `flush`: a podcast, episode or transcript segment inserted, edited in an
/// indexed field (and only then: a refresh that moves an episode in the feed does not touch the
/// index), moved to another podcast, or deleted (also through `ON DELETE CASCADE`, an episode with its
/// transcript). The triggers only note which rows changed, with the values the index holds for them
/// (the first note of a row in a transaction wins: that is what is indexed); `flush`, at the end of the
/// transaction, takes those values out and indexes the rows as they now are, **one statement per
/// index**. SQLite 3.40's FTS5 writes its pending terms out as a new segment at every statement that
/// writes to it (its savepoint), so indexing row by row, as triggers would, made a segment per episode
/// and spent most of the import merging them.
///
/// Temporary, because they call Earshot's own SQL functions (`plainText`, `chapterTitles`), which
/// another program (the sqlite3 shell) does not have: its writes succeed and are simply not indexed.
/// While an index is being filled, `flush` keeps only its rows up to the fill's mark (`filledThrough`).
enum SearchIndex {
    /// `episodeSearchContent` and the index tables, as schema v7 made them (keeping 3-character prefixes).
    static let version7SQL = """
        CREATE VIEW episodeSearchContent AS
            SELECT id, title, \(chapterTitles.name)(coalesce(feedChapters, chapters)) AS chapters,
                \(plainText.name)(rawDescription, rawDescriptionFormat) AS notes, 'p' || feedId AS podcast
            FROM episode;
        CREATE VIEW transcriptSearchContent AS
            SELECT s.id, s.text, 'p' || e.feedId AS podcast
            FROM transcriptSegment s JOIN episode e ON e.id = s.id >> \(TranscriptRows.positionBits);
        CREATE VIRTUAL TABLE podcastSearch USING fts5(
            title, content='feed', content_rowid='id', tokenize='\(tokenizer)');
        """ + prefixIndexesSQL(prefixes: "3")

    /// The episode and transcript indexes, keeping the lists of the prefixes of `prefixes` characters.
    private static func prefixIndexesSQL(prefixes: String, tokenizer: String = tokenizer) -> String {
        episodeIndexSQL(prefixes: prefixes, tokenizer: tokenizer) + "\n" + transcriptIndexSQL(prefixes: prefixes, tokenizer: tokenizer) + "\n"
    }

    private static func episodeIndexSQL(prefixes: String, tokenizer: String) -> String {
        """
        CREATE VIRTUAL TABLE episodeSearch USING fts5(
            title, chapters, notes, podcast, content='episodeSearchContent', content_rowid='id', tokenize='\(tokenizer)', prefix='\(prefixes)');
        """
    }

    private static func transcriptIndexSQL(prefixes: String, tokenizer: String) -> String {
        """
        CREATE VIRTUAL TABLE transcriptSearch USING fts5(
            text, podcast, content='transcriptSearchContent', content_rowid='id', tokenize='\(tokenizer)', prefix='\(prefixes)');
        """
    }

    /// The podcast index with `tokenizer`.
    private static func podcastIndexSQL(tokenizer: String) -> String {
        "CREATE VIRTUAL TABLE podcastSearch USING fts5(title, content='feed', content_rowid='id', tokenize='\(tokenizer)');"
    }

    /// Each index as schema v10 makes it (with `SearchTokenizer`), by name: also how a damaged one is made again.
    static let version10Tables = [
        "podcastSearch": podcastIndexSQL(tokenizer: SearchTokenizer.name),
        "episodeSearch": episodeIndexSQL(prefixes: "3 4", tokenizer: SearchTokenizer.name),
        "transcriptSearch": transcriptIndexSQL(prefixes: "3 4", tokenizer: SearchTokenizer.name),
    ]

    /// The indexes, in the order they are filled.
    static let tables = ["podcastSearch", "episodeSearch", "transcriptSearch"]

    /// Schema v10: the three indexes made again, empty, with `SearchTokenizer` (words inside Chinese,
    /// Japanese, Korean and Thai text), and `searchIndexState`, whose `fill.<index>` keys say which
    /// indexes are being filled and up to which row id (`SearchFill`): those of a library that has rows
    /// to index. The daemon fills them in the background, in steps, after owning its name.
    static let version10SQL = """
        DROP TABLE podcastSearch;
        DROP TABLE episodeSearch;
        DROP TABLE transcriptSearch;
        """ + tables.map { version10Tables[$0]! + "\n" }.joined() + """
        CREATE TABLE searchIndexState (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO searchIndexState SELECT 'fill.podcastSearch', \(Int64.min) WHERE EXISTS (SELECT 1 FROM feed);
        INSERT INTO searchIndexState SELECT 'fill.episodeSearch', \(Int64.min) WHERE EXISTS (SELECT 1 FROM episode);
        INSERT INTO searchIndexState SELECT 'fill.transcriptSearch', \(Int64.min) WHERE EXISTS (SELECT 1 FROM transcriptSegment);
        """

    /// The highest row id of `index` that the index holds (while it is being filled), or the highest there is.
    static func filledThrough(_ index: String) -> String {
        "coalesce((SELECT value FROM searchIndexState WHERE key = 'fill.\(index)'), \(Int64.max))"
    }

    /// Schema v9: the episode and transcript indexes made again keeping 4-character prefixes too, and
    /// filled from what is stored (once, at the first start after the upgrade: 4 minutes for a million
    /// episodes with two million transcript lines, a few seconds for ten thousand episodes).
    static let version9SQL = """
        DROP TABLE episodeSearch;
        DROP TABLE transcriptSearch;
        """ + prefixIndexesSQL(prefixes: "3 4") + """
        INSERT INTO episodeSearch(episodeSearch) VALUES ('rebuild');
        INSERT INTO transcriptSearch(transcriptSearch) VALUES ('rebuild');
        """

    /// Indexes everything stored (the migration to v7; transcripts are new in v7).
    static let rebuildSQL = """
        INSERT INTO podcastSearch(podcastSearch) VALUES ('rebuild');
        INSERT INTO episodeSearch(episodeSearch) VALUES ('rebuild');
        """

    /// The tokenizer of schema v7 to v9 (v10: `SearchTokenizer`, which uses it for the scripts written with spaces).
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// Creates the queues and triggers that keep the index on `db` (the store's writer), once it is
    /// migrated.
    static func installTriggers(_ db: Database) throws {
        // What the index holds for an episode row: `episodeSearchContent`'s columns, from `old`.
        let indexedEpisode = """
            old.id, 1, old.title, \(chapterTitles.name)(coalesce(old.feedChapters, old.chapters)),
            \(plainText.name)(old.rawDescription, old.rawDescriptionFormat), 'p' || old.feedId
            """
        let segments = { (row: String) in
            "FROM transcriptSegment WHERE id BETWEEN \(row).id << \(TranscriptRows.positionBits) AND (\(row).id << \(TranscriptRows.positionBits)) + \(TranscriptRows.lastPosition)"
        }
        let indexed = ["title", "rawDescription", "rawDescriptionFormat", "chapters", "feedChapters", "feedId"]
        try db.execute(sql: """
            CREATE TEMP TABLE podcastQueue (id INTEGER PRIMARY KEY, indexed INTEGER NOT NULL, title);
            CREATE TEMP TABLE episodeQueue (id INTEGER PRIMARY KEY, indexed INTEGER NOT NULL, title, chapters, notes, podcast);
            CREATE TEMP TABLE segmentQueue (id INTEGER PRIMARY KEY, indexed INTEGER NOT NULL, text, podcast);
            CREATE TEMP TRIGGER podcastSearch_insert AFTER INSERT ON main.feed BEGIN
                INSERT OR IGNORE INTO podcastQueue (id, indexed) VALUES (new.id, 0);
            END;
            CREATE TEMP TRIGGER podcastSearch_change AFTER UPDATE OF title ON main.feed WHEN old.title IS NOT new.title BEGIN
                INSERT OR IGNORE INTO podcastQueue VALUES (old.id, 1, old.title);
            END;
            CREATE TEMP TRIGGER podcastSearch_delete AFTER DELETE ON main.feed BEGIN
                INSERT OR IGNORE INTO podcastQueue VALUES (old.id, 1, old.title);
            END;
            CREATE TEMP TRIGGER episodeSearch_insert AFTER INSERT ON main.episode BEGIN
                INSERT OR IGNORE INTO episodeQueue (id, indexed) VALUES (new.id, 0);
            END;
            CREATE TEMP TRIGGER episodeSearch_change AFTER UPDATE OF \(indexed.joined(separator: ", ")) ON main.episode
            WHEN \(indexed.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")) BEGIN
                INSERT OR IGNORE INTO episodeQueue VALUES (\(indexedEpisode));
            END;
            CREATE TEMP TRIGGER transcriptSearch_move AFTER UPDATE OF feedId ON main.episode WHEN old.feedId IS NOT new.feedId BEGIN
                INSERT OR IGNORE INTO segmentQueue SELECT id, 1, text, 'p' || old.feedId \(segments("old"));
            END;
            CREATE TEMP TRIGGER episodeSearch_delete AFTER DELETE ON main.episode BEGIN
                INSERT OR IGNORE INTO episodeQueue VALUES (\(indexedEpisode));
                INSERT OR IGNORE INTO segmentQueue SELECT id, 1, text, 'p' || old.feedId \(segments("old"));
                DELETE \(segments("old"));
            END;
            CREATE TEMP TRIGGER transcriptSearch_insert AFTER INSERT ON main.transcriptSegment BEGIN
                INSERT OR IGNORE INTO segmentQueue (id, indexed) VALUES (new.id, 0);
            END;
            -- A segment deleted with its episode was noted by episodeSearch_delete (its episode is gone).
            CREATE TEMP TRIGGER transcriptSearch_delete AFTER DELETE ON main.transcriptSegment BEGIN
                INSERT OR IGNORE INTO segmentQueue
                SELECT old.id, 1, old.text, 'p' || feedId FROM episode WHERE id = old.id >> \(TranscriptRows.positionBits);
            END;
            """)
    }

    /// The triggers `installTriggers` creates.
    static let triggers = [
        "podcastSearch_insert", "podcastSearch_change", "podcastSearch_delete", "episodeSearch_insert", "episodeSearch_change",
        "transcriptSearch_move", "episodeSearch_delete", "transcriptSearch_insert", "transcriptSearch_delete",
    ]

    /// Brings the index up to date with the rows the triggers noted in this transaction: takes out what
    /// it held for them, indexes them as they are now (a row deleted meanwhile is not), and empties the
    /// queues. One statement per index that has work. While an index is being filled (`SearchFill`), only
    /// its rows up to the fill's mark are touched: the fill indexes the others, as they are when it comes
    /// to them, so each row is indexed once. `CROSS JOIN` keeps the queue the outer loop: with the mark's
    /// bound on its ids, SQLite would otherwise carry the bound over to the content and read every row below it.
    static func flush(_ db: Database) throws {
        let pending = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM podcastQueue), EXISTS (SELECT 1 FROM episodeQueue), EXISTS (SELECT 1 FROM segmentQueue)
            """))
        guard let pending else { return }
        if pending.flag(0) {
            try db.execute(sql: """
                INSERT INTO podcastSearch(podcastSearch, rowid, title)
                SELECT 'delete', id, title FROM podcastQueue WHERE indexed AND id <= \(filledThrough("podcastSearch"))
                UNION ALL SELECT NULL, f.id, f.title FROM podcastQueue q CROSS JOIN feed f ON f.id = q.id WHERE q.id <= \(filledThrough("podcastSearch"));
                DELETE FROM podcastQueue;
                """)
        }
        if pending.flag(1) {
            try db.execute(sql: """
                INSERT INTO episodeSearch(episodeSearch, rowid, title, chapters, notes, podcast)
                SELECT 'delete', id, title, chapters, notes, podcast FROM episodeQueue WHERE indexed AND id <= \(filledThrough("episodeSearch"))
                UNION ALL SELECT NULL, c.id, c.title, c.chapters, c.notes, c.podcast
                FROM episodeQueue q CROSS JOIN episodeSearchContent c ON c.id = q.id WHERE q.id <= \(filledThrough("episodeSearch"));
                DELETE FROM episodeQueue;
                """)
        }
        if pending.flag(2) {
            try db.execute(sql: """
                INSERT INTO transcriptSearch(transcriptSearch, rowid, text, podcast)
                SELECT 'delete', id, text, podcast FROM segmentQueue WHERE indexed AND id <= \(filledThrough("transcriptSearch"))
                UNION ALL SELECT NULL, c.id, c.text, c.podcast FROM segmentQueue q CROSS JOIN transcriptSearchContent c ON c.id = q.id
                WHERE q.id <= \(filledThrough("transcriptSearch"));
                DELETE FROM segmentQueue;
                """)
        }
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

extension Store {
    /// Stops keeping the full-text index on this store's writer (it is then stale), so that a benchmark
    /// can time the same writes without it. Not for the product.
    @_spi(Benchmarks)
    public func stopIndexing() throws {
        try pool.writeWithoutTransaction { db in
            for trigger in SearchIndex.triggers { try db.execute(sql: "DROP TRIGGER temp.\(trigger)") }
        }
    }
}
