import Foundation
import GRDB

extension Store {
    /// The episodes of a list (Up Next, the history), in order.
    public func episodeList(_ name: EpisodeListName) throws -> [EpisodeID] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT e.id FROM episodeList l JOIN episode e ON e.id = l.episodeId WHERE l.name = ? ORDER BY l.position
                """, arguments: [name.rawValue]).map(EpisodeID.init)
        }
    }

    /// Replaces a list with `episodes`, in one transaction: an episode listed twice keeps its first
    /// place, and ids that are not stored are left out.
    public func saveEpisodeList(_ name: EpisodeListName, _ episodes: [EpisodeID]) throws {
        var seen = Set<EpisodeID>(minimumCapacity: episodes.count)
        let unique = episodes.filter { seen.insert($0).inserted }
        try write { db in
            try db.execute(sql: "DELETE FROM episodeList WHERE name = ?", arguments: [name.rawValue])
            let insert = try db.cachedStatement(sql: """
                INSERT INTO episodeList (name, position, episodeId) SELECT ?, ?, id FROM episode WHERE id = ?
                """)
            var position: Int64 = 0
            for episode in unique {
                try insert.execute(arguments: [name.rawValue, position, episode.rawValue])
                position += Int64(db.changesCount)
            }
        }
    }
}
