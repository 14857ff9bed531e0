import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Every podcast of the library, in the order they were added, with their episode counts.
    public func podcasts() throws -> [PodcastSummary] {
        try read { db in try summaries(db, sql: Self.everySummarySQL, arguments: []) }
    }

    /// The podcast `id`, or nil when there is none.
    public func podcast(_ id: PodcastID) throws -> PodcastSummary? {
        try read { db in try summaries(db, sql: Self.oneSummarySQL, arguments: [id.rawValue]).first }
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

    /// The summary query: the feed row (`feedColumns`), then its episode count, completed count,
    /// last-played instant (all three from `podcastTally`: one row a podcast, whatever the library's
    /// size) and former addresses (one a line). For one podcast, `filter` is its id's placeholder.
    private static let everySummarySQL = summarySQL(filter: nil)
    private static let oneSummarySQL = summarySQL(filter: "?")

    private static func summarySQL(filter: String?) -> String {
        let feeds = filter.map { "WHERE f.id = \($0)" } ?? ""
        return """
            SELECT \(feedColumns.split(separator: ",").map { "f." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
                ifnull(t.episodes, 0), ifnull(t.completed, 0), t.lastPlayedAt,
                (SELECT group_concat(a.url, char(10)) FROM feedAlias a WHERE a.feedId = f.id)
            FROM feed f LEFT JOIN podcastTally t ON t.feedId = f.id
            \(feeds) ORDER BY f.addedAt, f.id
            """
    }

    private func summaries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [PodcastSummary] {
        var summaries: [PodcastSummary] = []
        // Prepared once per connection: a refresh of thousands of feeds reads one summary per feed.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            guard let (id, url) = podcastIdentity(row) else { continue }
            let episodes = Int(row.integer(13) ?? 0)
            summaries.append(PodcastSummary(
                id: id, url: url, channel: Self.channelFields(row), validators: Self.validators(row),
                episodeCount: episodes, unplayedCount: max(0, episodes - Int(row.integer(14) ?? 0)),
                lastCheckedAt: row.date(10), lastPlayedAt: row.date(15),
                addedAt: row.date(11) ?? Date(timeIntervalSinceReferenceDate: 0),
                formerURLs: (row.text(16) ?? "").split(separator: "\n").compactMap { URL(string: String($0)) }))
        }
        return summaries
    }
}
