import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Stores a freshly fetched feed, in one transaction, and says what changed.
    ///
    /// The podcast (feed row) is found by `url` (created if new, with `addedAt = checkedAt`) and takes
    /// the channel's fields, `validators` (replacing the stored ones, also by nil: a 200 without an ETag
    /// means there is none) and `lastCheckedAt = checkedAt`. Episodes are matched by `(podcast, guid)`:
    /// known ones take the new fields (the feed's own chapters too) and position, new ones are
    /// inserted. An episode of `channel` with an unknown guid whose audio address is that of a stored
    /// episode missing from `channel` is that episode renamed (some hosts change every guid on every
    /// fetch): the stored row takes the new guid, keeping its identity and everything the listener did
    /// with it, and is not new. Other episodes missing from `channel` are never deleted (nor their
    /// progress, learned length, chapters or list entries): they keep their fields and move after the
    /// current ones, in the order they had. When `channel` lists a guid twice, its first occurrence wins.
    ///
    /// A feed that moved should be moved first (`moveFeed`) so that `url` finds the existing row; only a
    /// feed living at `url` is found (not one that lived there before: see `podcastID(url:)`).
    /// - Returns: the podcast, whether it is new, and the episodes this fetch added in feed order
    ///   (none for a new podcast: its whole back catalogue is not "new episodes"; nor a live show on the
    ///   air), with their guids, and the feed's schedule with its live shows' episodes.
    public func storeFeed(_ channel: Channel, url: URL, validators: FeedValidators, checkedAt: Date = Date()) throws -> SavedFeed {
        try write { db in
            let key = url.absoluteString
            let isNew = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [key]) == nil
            let checked = checkedAt.timeIntervalSinceReferenceDate
            let ids = try Int64.fetchAll(db, sql: """
                INSERT INTO feed (id, url, etag, lastModified, title, author, link, description, imageURL, newFeedURL, lastCheckedAt, addedAt,
                                  language, podcastGuid, namespace)
                VALUES (\(RowNumbers.nextID("feed")), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET
                    etag = excluded.etag, lastModified = excluded.lastModified, title = excluded.title,
                    author = excluded.author, link = excluded.link, description = excluded.description,
                    imageURL = excluded.imageURL, newFeedURL = excluded.newFeedURL,
                    lastCheckedAt = excluded.lastCheckedAt, language = excluded.language, podcastGuid = excluded.podcastGuid,
                    namespace = excluded.namespace
                RETURNING id
                """, arguments: [
                    key, validators.etag, validators.lastModified, channel.title, channel.author,
                    channel.link?.absoluteString, channel.description, channel.profileImage?.absoluteString,
                    channel.newFeedURL?.absoluteString, checked, checked, channel.language, channel.podcast.guid,
                    NamespaceJSON.text(channel.podcast, itemPeople: channel.episodes.contains { !$0.podcast.people.isEmpty }),
                ])
            guard let feedID = ids.first else { throw StoreError.database(path: path, reason: "the feed row for \(key) was not written") }

            var seen = Set<String>(minimumCapacity: channel.episodes.count)
            let episodes = channel.episodes.filter { seen.insert($0.id).inserted }

            // Episodes that left the feed go after the current ones, in their previous order, unless one
            // came back under a new guid; only rows whose position changes are written. Rows whose guid is
            // not text are left alone.
            let existing = try Row.fetchAll(
                db, sql: "SELECT id, guid, feedOrder, soundURL FROM episode WHERE feedId = ? ORDER BY feedOrder, id",
                arguments: [feedID])
            var known = Set<String>(minimumCapacity: existing.count)
            for row in existing { if let guid = row.text(1) { known.insert(guid) } }
            var renamedByAudio = Self.unknownGuidsByAudio(episodes, known: known)
            let rename = try db.cachedStatement(sql: "UPDATE episode SET guid = ? WHERE id = ?")
            let reorder = try db.cachedStatement(sql: "UPDATE episode SET feedOrder = ? WHERE id = ?")
            var position = Int64(episodes.count)
            for row in existing {
                guard let guid = row.text(1), !seen.contains(guid) else { continue }
                if let audio = row.text(3), let newGuid = renamedByAudio.removeValue(forKey: audio) {
                    try rename.execute(arguments: [newGuid, row[0] as DatabaseValue])
                    known.insert(newGuid)
                    continue
                }
                if row.integer(2) != position {
                    try reorder.execute(arguments: [position, row[0] as DatabaseValue])
                }
                position += 1
            }

            let upsert = try db.cachedStatement(sql: Self.episodeUpsertSQL)
            var added: [EpisodeID] = [], addedGuids: [String] = []
            for (index, episode) in episodes.enumerated() {
                try upsert.execute(arguments: Self.episodeArguments(feedID, Int64(index), episode))
                if !known.contains(episode.id), episode.podcast.live?.isLive != true {
                    added.append(EpisodeID(rawValue: db.lastInsertedRowID))
                    addedGuids.append(episode.id)
                }
            }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM episode WHERE feedId = ?", arguments: [feedID]) ?? 0
            var saved = SavedFeed(podcast: PodcastID(rawValue: feedID), isNew: isNew, newEpisodes: isNew ? [] : added,
                                  newGuids: isNew ? [] : addedGuids, episodeCount: count)
            let live = try db.cachedStatement(sql: "SELECT id FROM episode WHERE feedId = ? AND guid = ?")
            saved.schedule = FeedSchedule(channel.podcast) { guid in
                (try? Int64.fetchOne(live, arguments: [feedID, guid])).flatMap { $0 }.map(EpisodeID.init)
            }
            saved.medium = channel.podcast.medium
            return saved
        }
    }

    /// Records checks that found the feeds unchanged (HTTP 304), in one transaction: their episodes and
    /// validators stay as they are and `lastCheckedAt` becomes `checkedAt`. A feed no longer stored is
    /// passed over (it was removed while its check was on its way).
    public func markChecked(_ feeds: [FeedID], checkedAt: Date = Date()) throws {
        try write { db in
            let update = try db.cachedStatement(sql: "UPDATE feed SET lastCheckedAt = ? WHERE id = ?")
            for feed in feeds { try update.execute(arguments: [checkedAt.timeIntervalSinceReferenceDate, feed.rawValue]) }
        }
    }

    /// Records that the feed now lives at `url` (a permanent redirect, or itunes:new-feed-url); its
    /// identity, episodes and progress stay, and the address it leaves becomes one of its former
    /// addresses (`podcastID(url:)` finds it there). Moving a feed to where it already is does nothing.
    /// - Throws: `StoreError.noSuchFeed`, or `.urlInUse` when another stored feed lives at `url` (the
    ///   two are one feed: see `mergeFeed`).
    public func moveFeed(_ feed: FeedID, to url: URL) throws {
        try write { db in
            let key = url.absoluteString
            if let owner = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [key]) {
                if owner == feed.rawValue { return }
                throw StoreError.urlInUse(url, by: FeedID(rawValue: owner))
            }
            guard let old = try String.fetchOne(db, sql: "SELECT url FROM feed WHERE id = ?", arguments: [feed.rawValue]) else {
                throw StoreError.noSuchFeed(feed)
            }
            try db.execute(sql: "UPDATE feed SET url = ? WHERE id = ?", arguments: [key, feed.rawValue])
            try db.execute(sql: "DELETE FROM feedAlias WHERE url = ?", arguments: [key])
            try db.execute(sql: "INSERT OR REPLACE INTO feedAlias (url, feedId) VALUES (?, ?)", arguments: [old, feed.rawValue])
        }
    }

    /// Records `url` as a former address of `feed` (an address that redirects to it permanently), unless
    /// a feed lives there.
    public func addFormerURL(_ url: URL, of feed: FeedID) throws {
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO feedAlias (url, feedId) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM feed WHERE url = ?1)
                """, arguments: [url.absoluteString, feed.rawValue])
        }
    }

    /// The feed stored as `id` in outline (its episodes as `EpisodeEntry`), or nil when there is none
    /// (or its stored URL cannot be read).
    public func outline(id: FeedID) throws -> FeedOutline? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.feedColumns) FROM feed WHERE id = ?", arguments: [id.rawValue])
                .flatMap { try outline($0, db) }
        }
    }

    /// The guids of `episodes` not in `known`, by their audio address (the first episode listing an
    /// address has it).
    private static func unknownGuidsByAudio(_ episodes: [Episode], known: Set<String>) -> [String: String] {
        var byAudio: [String: String] = [:]
        for episode in episodes where !known.contains(episode.id) {
            guard let audio = episode.soundURL?.absoluteString, byAudio[audio] == nil else { continue }
            byAudio[audio] = episode.id
        }
        return byAudio
    }

    // MARK: - Rows

    private static let episodeUpsertSQL: String = {
        let columns = ["feedId", "guid", "feedOrder"] + Schema.episodeFields
        let updated = ["feedOrder"] + Schema.episodeFields
        return """
            INSERT INTO episode (id, \(columns.joined(separator: ", ")))
            VALUES (\(RowNumbers.nextID("episode")), \(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
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
            episode.coverImageAddress, episode.duration, episode.season.map { Int64($0) },
            episode.episodeNumber.map { Int64($0) }, episode.episodeType, episode.linkAddress,
            episode.chaptersAddress, TranscriptsJSON.text(episode.transcripts),
            ChaptersJSON.text(episode.chapters), NamespaceJSON.text(episode.podcast),
        ]
    }

    private func outline(_ row: Row, _ db: Database) throws -> FeedOutline? {
        guard let (id, url) = podcastIdentity(row) else { return nil }
        var entries: [EpisodeEntry] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, guid, releaseDate, soundURL IS NOT NULL FROM episode WHERE feedId = ? ORDER BY feedOrder, id
            """, arguments: [id.rawValue])
        while let entry = try rows.next() {
            guard let guid = entry.text(1) else {
                warning("skipped episode #\(entry[0] as DatabaseValue) of \(id): its guid is not text")
                continue
            }
            entries.append(EpisodeEntry(id: guid, releaseDate: entry.date(2), isPlayable: entry.flag(3),
                                        key: EpisodeID(rawValue: entry[0])))
        }
        return FeedOutline(id: id, url: url, validators: Self.validators(row), channel: Self.channelFields(row),
                           episodes: entries, lastCheckedAt: row.date(10))
    }
}
