import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Every podcast of the library, in the order they were added, with their episode counts.
    public func podcasts() throws -> [PodcastSummary] {
        try read { db in try summaries(db, sql: Self.summarySQL(filter: nil), arguments: []) }
    }

    /// The podcast `id`, or nil when there is none.
    public func podcast(_ id: PodcastID) throws -> PodcastSummary? {
        try read { db in try summaries(db, sql: Self.summarySQL(filter: "?"), arguments: [id.rawValue, id.rawValue, id.rawValue]).first }
    }

    /// The podcast whose feed lives at `url`, else the one whose feed lived there before it moved, or nil.
    public func podcastID(url: URL) throws -> PodcastID? {
        try read { db in
            try Int64.fetchOne(db, sql: """
                SELECT coalesce((SELECT id FROM feed WHERE url = ?1), (SELECT feedId FROM feedAlias WHERE url = ?1))
                """, arguments: [url.absoluteString]).map(PodcastID.init)
        }
    }

    /// Unsubscribes: deletes the podcast with its episodes, their progress, their entries in Up Next and
    /// the history, and its settings, in one transaction. When its episode was current, none is now.
    /// - Throws: `StoreError.noSuchFeed` when `podcast` is not stored.
    public func removePodcast(_ podcast: PodcastID) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [podcast.rawValue])
            guard db.changesCount > 0 else { throw StoreError.noSuchFeed(podcast) }
        }
    }

    /// The summary query: the feed row (`feedColumns`), then its episode count, unplayed count,
    /// last-played instant and former addresses (one a line). Counts come from the `(feedId, feedOrder)` index. For the whole library,
    /// completion and last play come from one pass over the status rows (one per episode ever played),
    /// each joined to its episode by primary key; for one podcast (a `filter` placeholder: bind its id
    /// three times), from its episodes in the index, each joined to its status by primary key.
    private static func summarySQL(filter: String?) -> String {
        let episodes = filter.map { "WHERE feedId = \($0)" } ?? ""
        let played = filter.map { "WHERE e.feedId = \($0)" } ?? ""
        let feeds = filter.map { "WHERE f.id = \($0)" } ?? ""
        let join = filter == nil ? "CROSS JOIN" : "JOIN"
        return """
            WITH counts AS (SELECT feedId, count(*) AS episodes FROM episode \(episodes) GROUP BY feedId),
            played AS (
                SELECT e.feedId, sum(s.hasCompleted = 1) AS completed, max(s.lastPlayedAt) AS lastPlayedAt
                FROM episodeStatus s \(join) episode e ON e.id = s.episodeId \(played) GROUP BY e.feedId)
            SELECT \(feedColumns.split(separator: ",").map { "f." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
                ifnull(c.episodes, 0), ifnull(p.completed, 0), p.lastPlayedAt,
                (SELECT group_concat(a.url, char(10)) FROM feedAlias a WHERE a.feedId = f.id)
            FROM feed f LEFT JOIN counts c ON c.feedId = f.id LEFT JOIN played p ON p.feedId = f.id
            \(feeds) ORDER BY f.addedAt, f.id
            """
    }

    private func summaries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [PodcastSummary] {
        var summaries: [PodcastSummary] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            guard let (id, url) = podcastIdentity(row) else { continue }
            let episodes = Int(row.integer(12) ?? 0)
            summaries.append(PodcastSummary(
                id: id, url: url, channel: Self.channelFields(row), validators: Self.validators(row),
                episodeCount: episodes, unplayedCount: max(0, episodes - Int(row.integer(13) ?? 0)),
                lastCheckedAt: row.date(10), lastPlayedAt: row.date(14),
                addedAt: row.date(11) ?? Date(timeIntervalSinceReferenceDate: 0),
                formerURLs: (row.text(15) ?? "").split(separator: "\n").compactMap { URL(string: String($0)) }))
        }
        return summaries
    }
}
