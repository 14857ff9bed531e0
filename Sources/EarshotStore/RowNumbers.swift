import GRDB

/// Podcasts and episodes are numbered once (schema v12): a listener's `play 12`, a GNOME or KRunner
/// result id and a sync or D-Bus client's id name one episode for ever, never another one added after
/// it was removed.
///
/// SQLite numbers a new row one past the largest stored, so removing the newest podcast gave its
/// numbers to the next one. `rowHighWater` keeps, per table, the largest number ever removed (a
/// trigger on delete, so removals through `ON DELETE CASCADE` and other programs count too), and the
/// inserts number new rows past both (`nextID`). `AUTOINCREMENT` does the same, but only for a
/// table created with it: the episode table, its views, triggers and full-text index would have to
/// be made again.
enum RowNumbers {
    static let schemaSQL = """
        CREATE TABLE rowHighWater (name TEXT PRIMARY KEY, high INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO rowHighWater (name, high) VALUES ('feed', 0), ('episode', 0);
        CREATE TRIGGER feed_keepsRemovedNumbers AFTER DELETE ON feed BEGIN
            UPDATE rowHighWater SET high = old.id WHERE name = 'feed' AND high < old.id;
        END;
        CREATE TRIGGER episode_keepsRemovedNumbers AFTER DELETE ON episode BEGIN
            UPDATE rowHighWater SET high = old.id WHERE name = 'episode' AND high < old.id;
        END;
        """

    /// The number a new row of `table` gets, as an SQL expression: one past the largest stored or
    /// ever removed.
    static func nextID(_ table: String) -> String {
        "(SELECT max(coalesce((SELECT max(id) FROM \(table)), 0), coalesce((SELECT high FROM rowHighWater WHERE name = '\(table)'), 0)) + 1)"
    }
}
