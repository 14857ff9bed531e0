import Foundation
import GRDB

/// Smart playlists (schema v13): their names and rules, and their episodes, evaluated as one query.
extension Store {
    /// Every smart playlist, oldest first.
    public func smartPlaylists() throws -> [SmartPlaylist] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, rules, createdAt, playedAt FROM smartPlaylist ORDER BY id").compactMap { row in
                guard let id: Int64 = row[0], let name = row.text(1), let text = row.text(2),
                      let rules = try? JSONDecoder().decode(PlaylistRules.self, from: Data(text.utf8))
                else {
                    warning("skipped a smart playlist that cannot be read (row \(row[0] as Int64? ?? 0))")
                    return nil
                }
                return SmartPlaylist(id: id, name: name, rules: rules, createdAt: row.date(3) ?? Date(timeIntervalSinceReferenceDate: 0),
                                     playedAt: row.date(4))
            }
        }
    }

    /// Stores a new smart playlist, or new rules for the one of that name (regardless of case: the name
    /// is written as given). Returns it as stored.
    @discardableResult
    public func saveSmartPlaylist(named name: String, rules: PlaylistRules, at date: Date) throws -> SmartPlaylist {
        let text = String(decoding: try JSONEncoder().encode(rules), as: UTF8.self)
        return try write { db in
            try db.execute(sql: """
                INSERT INTO smartPlaylist (name, rules, createdAt) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET name = excluded.name, rules = excluded.rules
                """, arguments: [name, text, date.timeIntervalSinceReferenceDate])
            let row = try Row.fetchOne(db, sql: "SELECT id, createdAt, playedAt FROM smartPlaylist WHERE name = ?", arguments: [name])
            return SmartPlaylist(id: row?[0] ?? 0, name: name, rules: rules, createdAt: row?.date(1) ?? date, playedAt: row?.date(2))
        }
    }

    /// Removes the smart playlist of that name (regardless of case); whether there was one.
    @discardableResult
    public func removeSmartPlaylist(named name: String) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM smartPlaylist WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// Notes that a smart playlist was played at `date`.
    public func smartPlaylistPlayed(_ id: Int64, at date: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE smartPlaylist SET playedAt = ? WHERE id = ?", arguments: [date.timeIntervalSinceReferenceDate, id])
        }
    }

    /// The episodes `rules` hold at `now`, in their order, at most their limit: one query on a reader.
    /// - Throws: `SearchQueryError.noWords` when a words rule holds no word.
    public func playlistEpisodes(_ rules: PlaylistRules, now: Date) throws -> [EpisodeID] {
        let query = try PlaylistQuery(rules, now: now)
        return try read { db in
            var found: [Int64] = []
            for part in query.parts where found.count < part.limit {
                found += try Int64.fetchAll(db, sql: part.sql, arguments: part.arguments + [part.limit - found.count])
            }
            return found.map(EpisodeID.init)
        }
    }

    /// Schema v13: the smart playlists, and the indexes their orders walk (age, length, podcast title).
    static let smartPlaylistSchemaSQL = """
        CREATE TABLE smartPlaylist (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            rules TEXT NOT NULL,
            createdAt REAL NOT NULL,
            playedAt REAL
        );
        CREATE INDEX episode_releaseDate ON episode (releaseDate);
        CREATE INDEX episode_length ON episode (coalesce(learnedDuration, duration));
        CREATE INDEX feed_titleOrder ON feed (title COLLATE NOCASE, id);
        """
}
