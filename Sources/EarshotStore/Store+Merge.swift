import Foundation
import GRDB

extension Store {
    /// Merges podcast `duplicate` into `kept`, in one transaction: the same feed was subscribed at two
    /// addresses (it moved onto `kept`'s), and `kept` stays.
    ///
    /// Each episode of `duplicate` is matched to one of `kept` by guid, else by audio address. A matched
    /// pair keeps `kept`'s episode, which takes the listener's more recent place of the two (the one
    /// played last; when neither or both were at the same instant, the further one), stays current if
    /// either was, takes the learned length and fetched chapters it lacks, and takes the other's places in
    /// Up Next and the history (where it is not listed already) and its download (when it has none, or
    /// when only the other's is complete). An episode without a match moves to `kept` with its id and
    /// everything that is its own. `kept` takes the settings it does not have, and `duplicate`'s address
    /// and former addresses become its former addresses. Then `duplicate` is deleted.
    /// - Throws: `StoreError.noSuchFeed` when either is not stored.
    public func mergeFeed(_ duplicate: FeedID, into kept: FeedID) throws -> PodcastMerge {
        try write { db in
            guard let url = try String.fetchOne(db, sql: "SELECT url FROM feed WHERE id = ?", arguments: [duplicate.rawValue]) else {
                throw StoreError.noSuchFeed(duplicate)
            }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM feed WHERE id = ?", arguments: [kept.rawValue]) != nil else {
                throw StoreError.noSuchFeed(kept)
            }
            var merge = PodcastMerge(from: duplicate, into: kept, episodes: [:], moved: [], downloadsMoved: [])
            guard duplicate != kept else { return merge }
            let pairs = try Self.matchEpisodes(of: duplicate, with: kept, db)
            for (from, to) in pairs.matched {
                try Self.mergeStatus(of: from, into: to, db)
                try db.execute(sql: """
                    UPDATE episode SET
                        learnedDuration = coalesce(learnedDuration, (SELECT learnedDuration FROM episode WHERE id = ?1)),
                        chapters = coalesce(chapters, (SELECT chapters FROM episode WHERE id = ?1))
                    WHERE id = ?2
                    """, arguments: [from.rawValue, to.rawValue])
                try db.execute(sql: """
                    DELETE FROM episodeList WHERE episodeId = ?1 AND name IN (SELECT name FROM episodeList WHERE episodeId = ?2)
                    """, arguments: [from.rawValue, to.rawValue])
                try db.execute(sql: "UPDATE episodeList SET episodeId = ? WHERE episodeId = ?", arguments: [to.rawValue, from.rawValue])
                try db.execute(sql: "INSERT OR IGNORE INTO inbox (episodeId, enteredAt) SELECT ?, enteredAt FROM inbox WHERE episodeId = ?",
                               arguments: [to.rawValue, from.rawValue])
                try db.execute(sql: "UPDATE listening SET episodeId = ? WHERE episodeId = ?", arguments: [to.rawValue, from.rawValue])
                if try Self.moveDownload(of: from, to: to, db) { merge.downloadsMoved.insert(from) }
                try db.execute(sql: "DELETE FROM episode WHERE id = ?", arguments: [from.rawValue])
                merge.episodes[from] = to
            }
            var order = try Int64.fetchOne(db, sql: "SELECT ifnull(max(feedOrder), -1) + 1 FROM episode WHERE feedId = ?",
                                           arguments: [kept.rawValue]) ?? 0
            for episode in pairs.unmatched {
                try db.execute(sql: "UPDATE episode SET feedId = ?, feedOrder = ? WHERE id = ?",
                               arguments: [kept.rawValue, order, episode.rawValue])
                order += 1
                merge.moved.append(episode)
            }
            try db.execute(sql: """
                INSERT INTO setting (podcastId, key, value) SELECT ?2, key, value FROM setting
                WHERE podcastId = ?1 AND key NOT IN (SELECT key FROM setting WHERE podcastId = ?2)
                """, arguments: [duplicate.rawValue, kept.rawValue])
            try db.execute(sql: "UPDATE feedAlias SET feedId = ? WHERE feedId = ?", arguments: [kept.rawValue, duplicate.rawValue])
            try db.execute(sql: "UPDATE listening SET podcastId = ? WHERE podcastId = ?", arguments: [kept.rawValue, duplicate.rawValue])
            try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [duplicate.rawValue])
            try db.execute(sql: "INSERT OR REPLACE INTO feedAlias (url, feedId) VALUES (?, ?)", arguments: [url, kept.rawValue])
            return merge
        }
    }

    /// The episodes of `duplicate` paired with those of `kept` (by guid first, then the rest by audio
    /// address; each of `kept` at most once), and those without a pair (whose guids `kept` lacks), in
    /// feed order.
    private static func matchEpisodes(of duplicate: FeedID, with kept: FeedID, _ db: Database) throws
        -> (matched: [(EpisodeID, EpisodeID)], unmatched: [EpisodeID]) {
        let sql = "SELECT id, guid, soundURL FROM episode WHERE feedId = ? ORDER BY feedOrder, id"
        var byGUID: [String: Int64] = [:], bySound: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: [kept.rawValue]) {
            if let guid = row.text(1), byGUID[guid] == nil { byGUID[guid] = row[0] }
            if let sound = row.text(2), bySound[sound] == nil { bySound[sound] = row[0] }
        }
        let rows = try Row.fetchAll(db, sql: sql, arguments: [duplicate.rawValue])
        var partners: [Int64: Int64] = [:]
        var taken = Set<Int64>()
        for row in rows {
            if let partner = row.text(1).flatMap({ byGUID[$0] }) {
                partners[row[0]] = partner
                taken.insert(partner)
            }
        }
        for row in rows where partners[row[0] as Int64] == nil {
            if let partner = row.text(2).flatMap({ bySound[$0] }), taken.insert(partner).inserted { partners[row[0]] = partner }
        }
        var matched: [(EpisodeID, EpisodeID)] = [], unmatched: [EpisodeID] = []
        for row in rows {
            let episode: Int64 = row[0]
            if let partner = partners[episode] {
                matched.append((EpisodeID(rawValue: episode), EpisodeID(rawValue: partner)))
            } else {
                unmatched.append(EpisodeID(rawValue: episode))
            }
        }
        return (matched, unmatched)
    }

    /// Gives `to` the more recent place of the two episodes (see `mergeFeed`); current if either was.
    private static func mergeStatus(of from: EpisodeID, into to: EpisodeID, _ db: Database) throws {
        let sql = "SELECT lastListenTime, lastPlayedAt, hasCompleted, isCurrentlyPlaying, starredAt FROM episodeStatus WHERE episodeId = ?"
        let theirs = try Row.fetchOne(db, sql: sql, arguments: [from.rawValue])
        guard let theirs else { return }
        let mine = try Row.fetchOne(db, sql: sql, arguments: [to.rawValue])
        let place = { (row: Row?) in
            (played: row?.date(1) ?? .distantPast, completed: row?.flag(2) ?? false, position: row?.real(0) ?? 0)
        }
        let (a, b) = (place(theirs), place(mine))
        let winner = (a.played, a.completed ? 1 : 0, a.position) > (b.played, b.completed ? 1 : 0, b.position) ? theirs : (mine ?? theirs)
        let current = theirs.flag(3) || (mine?.flag(3) ?? false)
        let starred = [mine?.date(4), theirs.date(4)].compactMap { $0 }.min()
        try db.execute(sql: "DELETE FROM episodeStatus WHERE episodeId IN (?, ?)", arguments: [from.rawValue, to.rawValue])
        try db.execute(sql: """
            INSERT INTO episodeStatus (episodeId, lastListenTime, lastPlayedAt, hasCompleted, isCurrentlyPlaying, starredAt)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [to.rawValue, winner[0] as DatabaseValue, winner[1] as DatabaseValue, winner[2] as DatabaseValue, current,
                             starred?.timeIntervalSinceReferenceDate])
    }

    /// Gives `to` the download of `from` when it has none, or when only `from`'s is complete; whether it did.
    private static func moveDownload(of from: EpisodeID, to: EpisodeID, _ db: Database) throws -> Bool {
        let sql = "SELECT state FROM download WHERE episodeId = ?"
        guard let theirs = try String.fetchOne(db, sql: sql, arguments: [from.rawValue]) else { return false }
        let mine = try String.fetchOne(db, sql: sql, arguments: [to.rawValue])
        let completed = DownloadState.completed.rawValue
        guard mine == nil || (theirs == completed && mine != completed) else { return false }
        try db.execute(sql: "DELETE FROM download WHERE episodeId = ?", arguments: [to.rawValue])
        try db.execute(sql: "UPDATE download SET episodeId = ? WHERE episodeId = ?", arguments: [to.rawValue, from.rawValue])
        return true
    }
}
