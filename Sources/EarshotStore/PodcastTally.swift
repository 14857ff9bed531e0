/// Each podcast's episode count, completed count and last play, kept in step by triggers, so that a
/// podcast list costs one row per podcast whatever the size of the library (a daemon's start and
/// `earshot podcasts` read it; counting a million episodes took longer than the whole start may).
///
/// The triggers live in the database, so every write keeps the tally true: a refresh, progress, marks,
/// sync, merging two podcasts, removing one, and rows written by hand with the `sqlite3` tool.
enum PodcastTally {
    /// The latest play among `feed`'s episodes (`feed` is SQL naming the podcast's id).
    private static func latestPlay(of feed: String) -> String {
        "(SELECT max(s.lastPlayedAt) FROM episode e JOIN episodeStatus s ON s.episodeId = e.id WHERE e.feedId = \(feed))"
    }

    /// The table and its triggers. A podcast without episodes may have no row (read it as zeros); an
    /// episode row naming no stored podcast (written by hand) counts nowhere.
    static let schemaSQL = """
        CREATE TABLE podcastTally (
            feedId INTEGER PRIMARY KEY REFERENCES feed(id) ON DELETE CASCADE,
            episodes INTEGER NOT NULL DEFAULT 0,
            completed INTEGER NOT NULL DEFAULT 0,
            lastPlayedAt REAL
        );
        CREATE TRIGGER podcastTally_episodeInsert AFTER INSERT ON episode BEGIN
            INSERT INTO podcastTally (feedId, episodes) SELECT new.feedId, 1 WHERE EXISTS (SELECT 1 FROM feed WHERE id = new.feedId)
                ON CONFLICT (feedId) DO UPDATE SET episodes = episodes + 1;
        END;
        -- Before the row goes, while its status (deleted with it) can still be read. The latest play is
        -- looked for again only when this episode had it, and not when its whole podcast is going.
        CREATE TRIGGER podcastTally_episodeDelete BEFORE DELETE ON episode BEGIN
            UPDATE podcastTally SET
                episodes = episodes - 1,
                completed = completed - ifnull((SELECT hasCompleted FROM episodeStatus WHERE episodeId = old.id), 0),
                lastPlayedAt = CASE
                    WHEN lastPlayedAt = (SELECT lastPlayedAt FROM episodeStatus WHERE episodeId = old.id)
                        AND EXISTS (SELECT 1 FROM feed WHERE id = old.feedId)
                    THEN (SELECT max(s.lastPlayedAt) FROM episode e JOIN episodeStatus s ON s.episodeId = e.id
                          WHERE e.feedId = old.feedId AND e.id <> old.id)
                    ELSE lastPlayedAt END
            WHERE feedId = old.feedId;
        END;
        CREATE TRIGGER podcastTally_episodeMove AFTER UPDATE OF feedId ON episode WHEN old.feedId IS NOT new.feedId BEGIN
            UPDATE podcastTally SET
                episodes = episodes - 1,
                completed = completed - ifnull((SELECT hasCompleted FROM episodeStatus WHERE episodeId = new.id), 0),
                lastPlayedAt = \(latestPlay(of: "old.feedId"))
            WHERE feedId = old.feedId;
            INSERT INTO podcastTally (feedId, episodes, completed, lastPlayedAt)
                SELECT new.feedId, 1, ifnull((SELECT hasCompleted FROM episodeStatus WHERE episodeId = new.id), 0),
                    (SELECT lastPlayedAt FROM episodeStatus WHERE episodeId = new.id)
                WHERE EXISTS (SELECT 1 FROM feed WHERE id = new.feedId)
                ON CONFLICT (feedId) DO UPDATE SET
                    episodes = episodes + 1, completed = completed + excluded.completed,
                    lastPlayedAt = max(ifnull(lastPlayedAt, excluded.lastPlayedAt), ifnull(excluded.lastPlayedAt, lastPlayedAt));
        END;
        CREATE TRIGGER podcastTally_statusInsert AFTER INSERT ON episodeStatus BEGIN
            UPDATE podcastTally SET
                completed = completed + new.hasCompleted,
                lastPlayedAt = max(ifnull(lastPlayedAt, new.lastPlayedAt), ifnull(new.lastPlayedAt, lastPlayedAt))
            WHERE feedId = (SELECT feedId FROM episode WHERE id = new.episodeId);
        END;
        CREATE TRIGGER podcastTally_statusUpdate AFTER UPDATE OF hasCompleted, lastPlayedAt ON episodeStatus BEGIN
            UPDATE podcastTally SET
                completed = completed + new.hasCompleted - old.hasCompleted,
                lastPlayedAt = CASE
                    WHEN new.lastPlayedAt >= ifnull(lastPlayedAt, new.lastPlayedAt) THEN new.lastPlayedAt
                    WHEN old.lastPlayedAt = lastPlayedAt AND new.lastPlayedAt IS NOT old.lastPlayedAt
                    THEN \(latestPlay(of: "podcastTally.feedId"))
                    ELSE lastPlayedAt END
            WHERE feedId = (SELECT feedId FROM episode WHERE id = new.episodeId);
        END;
        -- An episode's own deletion has already counted its status (the episode is gone: nothing matches).
        CREATE TRIGGER podcastTally_statusDelete AFTER DELETE ON episodeStatus BEGIN
            UPDATE podcastTally SET
                completed = completed - old.hasCompleted,
                lastPlayedAt = CASE WHEN old.lastPlayedAt = lastPlayedAt THEN \(latestPlay(of: "podcastTally.feedId"))
                    ELSE lastPlayedAt END
            WHERE feedId = (SELECT feedId FROM episode WHERE id = old.episodeId);
        END;
        """

    /// Fills the table from the library as it is (once, when it is made).
    static let fillSQL = """
        INSERT INTO podcastTally (feedId, episodes, completed, lastPlayedAt)
        SELECT f.id,
            (SELECT count(*) FROM episode WHERE feedId = f.id),
            (SELECT count(*) FROM episode e JOIN episodeStatus s ON s.episodeId = e.id WHERE e.feedId = f.id AND s.hasCompleted = 1),
            \(latestPlay(of: "f.id"))
        FROM feed f
        """
}
