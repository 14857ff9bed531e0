import Foundation
import GRDB

/// The database schema, as GRDB migrations. Never edit a registered migration: add a new one.
///
/// Conventions:
/// - URLs are stored as their `absoluteString`.
/// - Instants are REAL seconds since 2001-01-01T00:00:00Z (`Date.timeIntervalSinceReferenceDate`, the
///   value a `Date` holds), so they round-trip bit for bit. In the sqlite3 shell:
///   `datetime(lastPlayedAt + 978307200, 'unixepoch')`.
/// - Booleans are INTEGER 0 / 1.
/// - Chapters are JSON arrays of `Chapter` (`start`, `title`, optional `link` and `image`), NULL when
///   there are none: `feedChapters` as the feed gave them, `chapters` as fetched or read from the audio.
/// - `feed` rows are the podcasts (subscriptions). `episodeList` holds Up Next and the history, one row
///   per entry with its position from 0. `setting` holds key / value text per podcast, or for every
///   podcast when `podcastId` is NULL. `download` holds one row per episode download (v3). `feedAlias`
///   holds the addresses a feed lived at before it moved, each leading to one feed (v4). `inbox` holds
///   the new episodes not yet dealt with, and `listening` the history of listening (v5).
/// - Transcript links are JSON arrays of `TranscriptLink` (`url`, optional `type`, `language`, `rel`) in
///   `episode.transcripts`, NULL when there are none (v6; before, only the first address, `transcriptURL`).
/// - Fetched transcripts (v7): `transcript` (one row per episode: address, when fetched) and
///   `transcriptSegment`, whose `id` is `episodeId << 20 | position` (`TranscriptRows`), so an episode's
///   segments are one range of the primary key. `transcriptAttempt` holds failed fetches and their retry.
/// - The full-text index (v7, `SearchIndex`): FTS5 tables `podcastSearch`, `episodeSearch` and
///   `transcriptSearch`, external-content over `feed` and two views, kept by the store's own writer;
///   from v9 the episode and transcript indexes keep 4-character prefixes as well as 3; from v10 they
///   use `SearchTokenizer` (bigrams for Chinese, Japanese, Korean and Thai), and `searchIndexState`
///   keeps how far each index being filled has got (`SearchFill`) and whether the daemon is running.
/// - Generated transcripts (v11): `transcript.generator` and `generatorModel` name the engine that made
///   it on this computer (NULL: the publisher's); `generatedComplete` is 1 once the whole episode was
///   heard. Its segments are appended as they are recognised. `feed.language` is the feed's `<language>`.
/// - `rowHighWater` (v12, `RowNumbers`): the highest podcast and episode number ever removed, so new
///   rows are numbered past it.
/// - `smartPlaylist` (v13): a smart playlist's name (unique regardless of case) and its rules as the
///   JSON of `PlaylistRules`; `episode_releaseDate` lets the newest and oldest orders walk an index.
/// - Podcasting 2.0 (v15, `NamespaceJSON`): `feed.namespace` and `episode.namespace` hold a channel's
///   `ShowNamespace` and an item's `EpisodeNamespace` as JSON, NULL when the feed said nothing;
///   `feed.podcastGuid` is the show's `podcast:guid`, indexed, to find a show that moved.
/// - `bookmark` (v14): a marked moment (`position` seconds) of an episode, the listener's `note` and
///   the transcript's words `said` around it; removed with the episode.
enum Schema {
    /// What a listener should know before the migrations that change the search index run: v9 rebuilds
    /// it before the daemon starts (about a minute for every 250,000 episodes); v10 makes it again
    /// empty, and the daemon fills it in the background (`SearchFill`). Nil for a new library, or one
    /// already migrated.
    static func upgradeNotice(_ db: Database) throws -> String? {
        let applied = try migrator.appliedIdentifiers(db)
        guard !applied.isEmpty, !applied.contains("v10") else { return nil }
        let episodes = try Int.fetchOne(db, sql: "SELECT count(*) FROM episode") ?? 0
        let filling = "the search index of \(episodes) episodes is rebuilt once, in the background, so that words inside Chinese, Japanese, Korean and Thai text are found; until it is done (about a minute per 250,000 episodes), find's results may be incomplete"
        guard !applied.contains("v9") else { return filling }
        return "rebuilding the search index of \(episodes) episodes, once, for faster search as you type; a big library takes minutes (about one per 250,000 episodes); then " + filling
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE feed (
                    id INTEGER PRIMARY KEY,
                    url TEXT NOT NULL UNIQUE,
                    etag TEXT,
                    lastModified TEXT,
                    title TEXT,
                    author TEXT,
                    link TEXT,
                    description TEXT NOT NULL DEFAULT '',
                    imageURL TEXT,
                    newFeedURL TEXT,
                    lastCheckedAt REAL
                );
                CREATE TABLE episode (
                    id INTEGER PRIMARY KEY,
                    feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                    guid TEXT NOT NULL,
                    feedOrder INTEGER NOT NULL,
                    title TEXT,
                    rawDescription TEXT,
                    rawDescriptionFormat TEXT NOT NULL DEFAULT 'html',
                    releaseDateText TEXT,
                    releaseDate REAL,
                    soundURL TEXT,
                    soundMIMEType TEXT,
                    soundByteLength INTEGER,
                    coverImageURL TEXT,
                    duration REAL,
                    season INTEGER,
                    episodeNumber INTEGER,
                    episodeType TEXT,
                    link TEXT,
                    chaptersURL TEXT,
                    transcriptURL TEXT,
                    UNIQUE (feedId, guid)
                );
                CREATE INDEX episode_feedOrder ON episode (feedId, feedOrder);
                CREATE TABLE episodeStatus (
                    episodeId INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                    lastListenTime REAL NOT NULL DEFAULT 0,
                    lastPlayedAt REAL,
                    hasCompleted INTEGER NOT NULL DEFAULT 0 CHECK (hasCompleted IN (0, 1)),
                    isCurrentlyPlaying INTEGER NOT NULL DEFAULT 0 CHECK (isCurrentlyPlaying IN (0, 1))
                );
                CREATE UNIQUE INDEX episodeStatus_oneCurrent ON episodeStatus (isCurrentlyPlaying)
                    WHERE isCurrentlyPlaying = 1;
                """)
        }
        migrator.registerMigration("v2") { db in
            // Version 2: a library. Each feed row is a subscribed podcast (v1's single feed keeps its
            // episodes, progress and current episode, and counts as added now); episodes learn their
            // length and chapters; Up Next, history and settings are new.
            try db.execute(sql: """
                ALTER TABLE feed ADD COLUMN addedAt REAL NOT NULL DEFAULT 0;
                UPDATE feed SET addedAt = ?;
                CREATE INDEX feed_addedAt ON feed (addedAt);
                ALTER TABLE episode ADD COLUMN feedChapters TEXT;
                ALTER TABLE episode ADD COLUMN learnedDuration REAL;
                ALTER TABLE episode ADD COLUMN chapters TEXT;
                CREATE INDEX episode_soundURL ON episode (soundURL);
                CREATE INDEX episode_link ON episode (link);
                CREATE TABLE episodeList (
                    name TEXT NOT NULL CHECK (name IN ('upNext', 'history')),
                    position INTEGER NOT NULL,
                    episodeId INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
                    PRIMARY KEY (name, position),
                    UNIQUE (name, episodeId)
                ) WITHOUT ROWID;
                CREATE INDEX episodeList_episode ON episodeList (episodeId);
                CREATE TABLE setting (
                    podcastId INTEGER REFERENCES feed(id) ON DELETE CASCADE,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE UNIQUE INDEX setting_podcast ON setting (podcastId, key);
                CREATE UNIQUE INDEX setting_global ON setting (key) WHERE podcastId IS NULL;
                """, arguments: [Date().timeIntervalSinceReferenceDate])
        }
        migrator.registerMigration("v3") { db in
            // Version 3: downloads for offline listening, one row per episode asked for. `path` is the
            // complete file (the part is `<path>.part`); `state` queued / downloading / completed / failed;
            // `nextAttemptAt` (NULL: no retry) and `attempts` carry the backoff across restarts.
            try db.execute(sql: """
                CREATE TABLE download (
                    episodeId INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                    path TEXT NOT NULL UNIQUE,
                    state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'completed', 'failed')),
                    bytes INTEGER NOT NULL DEFAULT 0,
                    totalBytes INTEGER,
                    error TEXT,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    nextAttemptAt REAL,
                    requestedAt REAL NOT NULL,
                    completedAt REAL,
                    byHand INTEGER NOT NULL DEFAULT 0 CHECK (byHand IN (0, 1))
                );
                CREATE INDEX download_requestedAt ON download (requestedAt);
                """)
        }
        migrator.registerMigration("v4") { db in
            // Version 4: the addresses a feed lived at before it moved (a permanent redirect,
            // itunes:new-feed-url, or a podcast merged into it), so that subscribing to one of them
            // finds the podcast instead of making a second one.
            try db.execute(sql: """
                CREATE TABLE feedAlias (
                    url TEXT PRIMARY KEY,
                    feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX feedAlias_feed ON feedAlias (feedId);
                """)
        }
        migrator.registerMigration("v5") { db in
            // Version 5: looking after a library, and sync. An episode can be starred; new episodes wait
            // in the inbox until queued, dismissed or played; `listening` keeps what was heard, one row
            // per stretch of listening, with copies of the titles and addresses so that a row outlives
            // its episode and podcast (their ids become NULL).
            try db.execute(sql: """
                ALTER TABLE episodeStatus ADD COLUMN starredAt REAL;
                CREATE INDEX episodeStatus_starred ON episodeStatus (starredAt) WHERE starredAt IS NOT NULL;
                CREATE TABLE inbox (
                    episodeId INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                    enteredAt REAL NOT NULL
                );
                CREATE TABLE listening (
                    id INTEGER PRIMARY KEY,
                    episodeId INTEGER REFERENCES episode(id) ON DELETE SET NULL,
                    podcastId INTEGER REFERENCES feed(id) ON DELETE SET NULL,
                    episodeTitle TEXT,
                    podcastTitle TEXT,
                    episodeGUID TEXT,
                    soundURL TEXT,
                    podcastURL TEXT,
                    device TEXT NOT NULL,
                    startedAt REAL NOT NULL,
                    endedAt REAL NOT NULL,
                    startPosition REAL NOT NULL,
                    endPosition REAL NOT NULL,
                    span REAL NOT NULL,
                    trimmed REAL NOT NULL DEFAULT 0,
                    skipped REAL NOT NULL DEFAULT 0,
                    rate REAL NOT NULL DEFAULT 1,
                    finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
                );
                CREATE INDEX listening_episode ON listening (episodeId);
                -- Covering indexes: the statistics add up a year of history per month and per podcast
                -- from the indexes alone, in order, without a sort.
                CREATE INDEX listening_startedAt ON listening (startedAt, endedAt, span, trimmed, skipped, finished);
                CREATE INDEX listening_podcast ON listening (podcastId, startedAt, endedAt, span, trimmed, skipped, finished);
                -- Sync: the address the sync server knows a podcast by (it stays when the feed moves), the
                -- changes made here waiting to be sent, and received actions waiting for their episode.
                ALTER TABLE feed ADD COLUMN syncURL TEXT;
                CREATE TABLE syncOutbox (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('subscribed', 'unsubscribed', 'action')),
                    podcastURL TEXT NOT NULL,
                    episodeURL TEXT,
                    guid TEXT,
                    action TEXT,
                    timestamp REAL,
                    started INTEGER,
                    position INTEGER,
                    total INTEGER
                );
                CREATE TABLE syncPending (
                    podcastURL TEXT NOT NULL,
                    episodeURL TEXT NOT NULL,
                    guid TEXT,
                    action TEXT NOT NULL,
                    timestamp REAL NOT NULL,
                    started INTEGER,
                    position INTEGER,
                    total INTEGER,
                    device TEXT,
                    PRIMARY KEY (podcastURL, episodeURL)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v6") { db in
            // Version 6: every transcript of an episode, with its type, language and rel, as JSON; the
            // single address kept until now becomes a list of one.
            try db.execute(sql: """
                ALTER TABLE episode ADD COLUMN transcripts TEXT;
                UPDATE episode SET transcripts = json_array(json_object('url', transcriptURL))
                    WHERE transcriptURL IS NOT NULL;
                ALTER TABLE episode DROP COLUMN transcriptURL;
                """)
        }
        migrator.registerMigration("v7") { db in
            // Version 7: fetched transcripts, and the full-text index over the library as it is.
            try db.execute(sql: """
                CREATE TABLE transcript (
                    episodeId INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    fetchedAt REAL NOT NULL
                );
                CREATE TABLE transcriptSegment (
                    id INTEGER PRIMARY KEY,
                    start REAL,
                    end REAL,
                    speaker TEXT,
                    text TEXT NOT NULL
                );
                CREATE TABLE transcriptAttempt (
                    episodeId INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    failure TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    nextAttemptAt REAL
                );
                """)
            try db.execute(sql: SearchIndex.version7SQL)
            try db.execute(sql: SearchIndex.rebuildSQL)
        }
        migrator.registerMigration("v8") { db in
            // Version 8: each podcast's counts kept by triggers (`PodcastTally`), for a start and a
            // podcast list that cost the same with a million episodes as with a hundred.
            try db.execute(sql: PodcastTally.schemaSQL)
            try db.execute(sql: PodcastTally.fillSQL)
        }
        migrator.registerMigration("v9") { db in
            // Version 9: four letters being typed read one list of the index (`SearchIndex`).
            try db.execute(sql: SearchIndex.version9SQL)
        }
        migrator.registerMigration("v10") { db in
            // Version 10: words inside Chinese, Japanese, Korean and Thai text (`SearchTokenizer`); the
            // indexes are made empty, and filled by the daemon in the background (`SearchFill`).
            try db.execute(sql: SearchIndex.version10SQL)
        }
        migrator.registerMigration("v11") { db in
            // Version 11: transcripts made on this computer. A generated transcript names its engine and
            // model (NULL for a publisher's) and says whether the whole episode was heard; the feed's
            // language says whether the engine can hear it. Touches nothing v10 made.
            try db.execute(sql: """
                ALTER TABLE transcript ADD COLUMN generator TEXT;
                ALTER TABLE transcript ADD COLUMN generatorModel TEXT;
                ALTER TABLE transcript ADD COLUMN generatedComplete INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE feed ADD COLUMN language TEXT;
                """)
        }
        migrator.registerMigration("v12") { db in
            // Version 12: a removed podcast's or episode's number is never given again (`RowNumbers`).
            try db.execute(sql: RowNumbers.schemaSQL)
        }
        migrator.registerMigration("v13") { db in
            // Version 13: smart playlists, a name and rules (JSON) each (`Store+Playlists`).
            try db.execute(sql: Store.smartPlaylistSchemaSQL)
        }
        migrator.registerMigration("v14") { db in
            // Version 14: bookmarks, a moment of an episode with a note (`Store+Bookmarks`).
            try db.execute(sql: Store.bookmarkSchemaSQL)
        }
        migrator.registerMigration("v15") { db in
            // Version 15: the Podcasting 2.0 namespace (`NamespaceJSON`, `Store+Namespace`).
            try db.execute(sql: NamespaceJSON.schemaSQL)
        }
        migrator.registerMigration("v16") { db in
            // Version 16: the playable episodes' dates and lengths by number, so a smart playlist of the
            // downloads reads no episode row to order them (`PlaylistQuery.factsIndex`).
            try db.execute(sql: PlaylistQuery.factsIndexSQL)
        }
        return migrator
    }()

    /// The episode columns written from an `Episode`, in the order `Store.episodeArguments` binds them
    /// (after `feedId`, `guid` and `feedOrder`).
    static let episodeFields = [
        "title", "rawDescription", "rawDescriptionFormat", "releaseDateText", "releaseDate",
        "soundURL", "soundMIMEType", "soundByteLength", "coverImageURL", "duration", "season",
        "episodeNumber", "episodeType", "link", "chaptersURL", "transcripts", "feedChapters", "namespace",
    ]
}
