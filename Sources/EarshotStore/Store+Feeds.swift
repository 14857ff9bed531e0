import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Stores a freshly fetched feed, in one transaction.
    ///
    /// The feed row is found by `url` (created if new) and takes the channel's fields, `validators`
    /// (replacing the stored ones, also by nil: a 200 without an ETag means there is none) and
    /// `lastCheckedAt = checkedAt`. Episodes are matched by `(feed, guid)`: known ones take the new
    /// fields and position, new ones are inserted. Episodes missing from `channel` are never deleted
    /// (nor their progress): they keep their fields and move after the current ones, in the order they
    /// had. When `channel` lists a guid twice, its first occurrence wins.
    ///
    /// A feed that moved should be moved first (`moveFeed`) so that `url` finds the existing row.
    /// - Returns: the feed's identity.
    @discardableResult
    public func saveFeed(_ channel: Channel, url: URL, validators: FeedValidators, checkedAt: Date = Date()) throws -> FeedID {
        try write { db in
            let ids = try Int64.fetchAll(db, sql: """
                INSERT INTO feed (url, etag, lastModified, title, author, link, description, imageURL, newFeedURL, lastCheckedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET
                    etag = excluded.etag, lastModified = excluded.lastModified, title = excluded.title,
                    author = excluded.author, link = excluded.link, description = excluded.description,
                    imageURL = excluded.imageURL, newFeedURL = excluded.newFeedURL,
                    lastCheckedAt = excluded.lastCheckedAt
                RETURNING id
                """, arguments: [
                    url.absoluteString, validators.etag, validators.lastModified, channel.title, channel.author,
                    channel.link?.absoluteString, channel.description, channel.profileImage?.absoluteString,
                    channel.newFeedURL?.absoluteString, checkedAt.timeIntervalSinceReferenceDate,
                ])
            guard let feedID = ids.first else { throw StoreError.database(path: path, reason: "the feed row for \(url.absoluteString) was not written") }

            var seen = Set<String>(minimumCapacity: channel.episodes.count)
            let episodes = channel.episodes.filter { seen.insert($0.id).inserted }

            // Episodes that left the feed go after the current ones, in their previous order; only rows
            // whose position changes are written.
            let existing = try Row.fetchAll(
                db, sql: "SELECT id, guid, feedOrder FROM episode WHERE feedId = ? ORDER BY feedOrder, id",
                arguments: [feedID])
            let reorder = try db.cachedStatement(sql: "UPDATE episode SET feedOrder = ? WHERE id = ?")
            var position = Int64(episodes.count)
            for row in existing where !seen.contains(row[1] as String) {
                if row[2] as Int64 != position {
                    try reorder.execute(arguments: [position, row[0] as Int64])
                }
                position += 1
            }

            let upsert = try db.cachedStatement(sql: Self.episodeUpsertSQL)
            for (index, episode) in episodes.enumerated() {
                try upsert.execute(arguments: Self.episodeArguments(feedID, Int64(index), episode))
            }
            return FeedID(rawValue: feedID)
        }
    }

    /// Records a check that found the feed unchanged (HTTP 304): episodes stay as they are,
    /// `lastCheckedAt` becomes `checkedAt`, and each validator that is present replaces the stored one
    /// (a nil one keeps it, so `FeedValidators()` keeps both).
    /// - Throws: `StoreError.noSuchFeed` when `feed` is not stored.
    public func markChecked(_ feed: FeedID, validators: FeedValidators, checkedAt: Date = Date()) throws {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE feed SET etag = COALESCE(?, etag), lastModified = COALESCE(?, lastModified), lastCheckedAt = ?
                    WHERE id = ?
                    """,
                arguments: [validators.etag, validators.lastModified, checkedAt.timeIntervalSinceReferenceDate, feed.rawValue])
            guard db.changesCount > 0 else { throw StoreError.noSuchFeed(feed) }
        }
    }

    /// Records that the feed now lives at `url` (a permanent redirect, or itunes:new-feed-url); its
    /// identity, episodes and progress stay. Moving a feed to where it already is does nothing.
    /// - Throws: `StoreError.noSuchFeed`, or `.urlInUse` when another stored feed has `url`.
    public func moveFeed(_ feed: FeedID, to url: URL) throws {
        try write { db in
            let key = url.absoluteString
            if let owner = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [key]) {
                if owner == feed.rawValue { return }
                throw StoreError.urlInUse(url, by: FeedID(rawValue: owner))
            }
            try db.execute(sql: "UPDATE feed SET url = ? WHERE id = ?", arguments: [key, feed.rawValue])
            guard db.changesCount > 0 else { throw StoreError.noSuchFeed(feed) }
        }
    }

    /// The feed stored for `url` in outline (its episodes as `EpisodeEntry`), or nil when there is none.
    public func outline(url: URL) throws -> FeedOutline? {
        try read { db in try Self.feedRow(db, url: url).map { try Self.outline($0, db, path: path) } }
    }

    /// The feed stored as `id` in outline (its episodes as `EpisodeEntry`), or nil when there is none.
    public func outline(id: FeedID) throws -> FeedOutline? {
        try read { db in try Self.feedRow(db, id: id).map { try Self.outline($0, db, path: path) } }
    }

    /// Every field of the episode `guid` of `feed`, or nil when there is none.
    public func episode(_ guid: String, in feed: FeedID) throws -> Episode? {
        try read { db in
            let statement = try db.cachedStatement(sql: "\(Self.episodeSelect) WHERE feedId = ? AND guid = ?")
            return try Row.fetchOne(statement, arguments: [feed.rawValue, guid]).map(Self.episode)
        }
    }

    /// The guid of the first episode of `feed` (in feed order) whose sound URL or page link is `uri`.
    public func episodeID(matching uri: String, in feed: FeedID) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT guid FROM episode WHERE feedId = ? AND (soundURL = ? OR link = ?) ORDER BY feedOrder, id LIMIT 1
                """, arguments: [feed.rawValue, uri, uri])
        }
    }

    // MARK: - Rows

    private static let feedColumns =
        "id, url, etag, lastModified, title, author, link, description, imageURL, newFeedURL, lastCheckedAt"

    private static let episodeUpsertSQL: String = {
        let columns = ["feedId", "guid", "feedOrder"] + Schema.episodeFields
        let updated = ["feedOrder"] + Schema.episodeFields
        return """
            INSERT INTO episode (\(columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            ON CONFLICT (feedId, guid) DO UPDATE SET \(updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE \(updated.map { "episode.\($0) IS NOT excluded.\($0)" }.joined(separator: " OR "))
            """
    }()

    /// Arguments for `episodeUpsertSQL`, in the order of `Schema.episodeFields`.
    private static func episodeArguments(_ feedID: Int64, _ order: Int64, _ episode: Episode) -> StatementArguments {
        [
            feedID, episode.id, order,
            episode.title, episode.rawDescription, episode.rawDescriptionFormat.rawValue,
            episode.releaseDate?.text, episode.releaseDate?.date?.timeIntervalSinceReferenceDate,
            episode.soundURL?.absoluteString, episode.soundMIMEType, episode.soundByteLength,
            episode.coverImage?.absoluteString, episode.duration, episode.season.map { Int64($0) },
            episode.episodeNumber.map { Int64($0) }, episode.episodeType, episode.link?.absoluteString,
            episode.chaptersURL?.absoluteString, episode.transcriptURL?.absoluteString,
        ]
    }

    private static let episodeSelect = "SELECT guid, \(Schema.episodeFields.joined(separator: ", ")) FROM episode"

    private static func feedRow(_ db: Database, url: URL) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT \(feedColumns) FROM feed WHERE url = ?", arguments: [url.absoluteString])
    }

    private static func feedRow(_ db: Database, id: FeedID) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT \(feedColumns) FROM feed WHERE id = ?", arguments: [id.rawValue])
    }

    private static func outline(_ row: Row, _ db: Database, path: String) throws -> FeedOutline {
        let (id, url) = try identity(row, path: path)
        var entries: [EpisodeEntry] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT guid, releaseDate, soundURL IS NOT NULL, id FROM episode WHERE feedId = ? ORDER BY feedOrder, id
            """, arguments: [id.rawValue])
        while let entry = try rows.next() {
            entries.append(EpisodeEntry(key: EpisodeID(rawValue: entry[3]), id: entry[0], releaseDate: date(entry[1]), isPlayable: entry[2]))
        }
        return FeedOutline(id: id, url: url, validators: FeedValidators(etag: row[2], lastModified: row[3]),
                           channel: channelFields(row), episodes: entries, lastCheckedAt: date(row[10]))
    }

    private static func identity(_ row: Row, path: String) throws -> (FeedID, URL) {
        let id: Int64 = row[0]
        let urlText: String = row[1]
        guard let feedURL = URL(string: urlText) else {
            throw StoreError.database(path: path, reason: "feed #\(id) has an unreadable URL: \(urlText)")
        }
        return (FeedID(rawValue: id), feedURL)
    }

    /// The channel's own fields from a feed row (`feedColumns`), without episodes.
    private static func channelFields(_ row: Row) -> Channel {
        Channel(title: row[4], link: url(row[6]), author: row[5], description: row[7] ?? "",
                profileImage: url(row[8]), newFeedURL: url(row[9]))
    }

    /// An episode from a row of `episodeSelect`.
    private static func episode(_ row: Row) -> Episode {
        let releaseText: String? = row[4]
        let season: Int64? = row[11]
        let number: Int64? = row[12]
        return Episode(
            id: row[0], title: row[1], rawDescription: row[2],
            rawDescriptionFormat: DescriptionFormat(rawValue: row[3]) ?? .html,
            releaseDate: releaseText.map { ReleaseDate(text: $0, date: date(row[5])) },
            soundURL: url(row[6]), soundMIMEType: row[7], soundByteLength: row[8], coverImage: url(row[9]),
            duration: row[10], season: season.map { Int($0) }, episodeNumber: number.map { Int($0) },
            episodeType: row[13], link: url(row[14]), chaptersURL: url(row[15]), transcriptURL: url(row[16]))
    }

    static func url(_ text: String?) -> URL? {
        text.flatMap { URL(string: $0) }
    }

    static func date(_ seconds: Double?) -> Date? {
        seconds.map { Date(timeIntervalSinceReferenceDate: $0) }
    }
}
