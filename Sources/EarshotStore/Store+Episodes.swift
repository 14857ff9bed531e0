import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// Everything stored about one episode, or nil when there is none (or its guid cannot be read).
    public func storedEpisode(_ id: EpisodeID) throws -> StoredEpisode? {
        try read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT e.feedId, e.learnedDuration, e.duration, e.chapters, \(Self.statusColumns), \(Self.episodeColumns)
                FROM episode e LEFT JOIN episodeStatus s ON s.episodeId = e.id WHERE e.id = ?
                """)
            guard let row = try Row.fetchOne(statement, arguments: [id.rawValue])
            else { return nil }
            guard let podcast = row.integer(0), let episode = episode(row, from: 4 + Self.statusColumnCount) else { return nil }
            return StoredEpisode(
                id: id, podcast: PodcastID(rawValue: podcast), episode: episode,
                status: Self.status(row, from: 4, duration: Self.knownDuration(row, from: 1)),
                learnedDuration: row.duration(1), storedChapters: chapters(row, 3))
        }
    }

    /// The first episode of the library whose sound URL or page link is `uri` (by podcast, then feed
    /// order), or nil.
    public func episodeID(matching uri: String) throws -> EpisodeID? {
        try read { db in
            try Int64.fetchOne(db, sql: """
                SELECT id FROM episode WHERE soundURL = ? OR link = ? ORDER BY feedId, feedOrder, id LIMIT 1
                """, arguments: [uri, uri]).map(EpisodeID.init)
        }
    }

    /// Episodes as a listing shows them, newest first: by release date, latest first; episodes without
    /// a readable date after those with one, in feed order.
    /// - Parameters:
    ///   - podcast: only this podcast's episodes; nil for the whole library.
    ///   - filter: which of them (played, starred, in the inbox…).
    ///   - matching: only episodes whose title contains this text, regardless of case (Unicode-aware,
    ///     see `TitleMatch`); nil or empty for all.
    ///   - limit: at most this many (the newest); nil for all.
    public func listEpisodes(podcast: PodcastID?, filter: EpisodeFilter, matching: String?, limit: Int? = nil) throws -> [EpisodeListing] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let podcast {
            conditions.append("e.feedId = ?")
            arguments += [podcast.rawValue]
        }
        if let condition = Self.condition(filter) { conditions.append(condition) }
        if let matching, !matching.isEmpty {
            conditions.append("\(TitleMatch.name)(e.title, ?)")
            arguments += [matching]
        }
        let clause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try read { db in
            try listings(db, sql: """
                \(Self.listingSelect) \(clause)
                ORDER BY e.releaseDate IS NULL, e.releaseDate DESC, e.feedId, e.feedOrder, e.id LIMIT \(limit ?? -1)
                """, arguments: arguments)
        }
    }

    /// The episodes a typed part of a title may name (`earshot play news`), without listing them all:
    /// how many titles contain `text` (regardless of case, as `listEpisodes(matching:)`), the first
    /// two whose whole title is `text`, and the newest `shown` of them.
    public func nameEpisode(_ text: String, filter: EpisodeFilter, shown: Int) throws -> EpisodeNaming {
        var conditions = ["\(TitleMatch.name)(e.title, ?)"]
        if let condition = Self.condition(filter) { conditions.append(condition) }
        let clause = "WHERE " + conditions.joined(separator: " AND ")
        let order = "ORDER BY e.releaseDate IS NULL, e.releaseDate DESC, e.feedId, e.feedOrder, e.id"
        return try read { db in
            let total = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM episode e LEFT JOIN episodeStatus s ON s.episodeId = e.id \(clause)
                """, arguments: [text]) ?? 0
            let exact = try listings(db, sql: "\(Self.listingSelect) \(clause) AND \(TitleMatch.wholeName)(e.title, ?) \(order) LIMIT 2",
                                     arguments: [text, text])
            let first = try listings(db, sql: "\(Self.listingSelect) \(clause) \(order) LIMIT ?", arguments: [text, max(shown, 0)])
            return EpisodeNaming(total: total, exact: exact, first: first)
        }
    }

    /// The condition on `e` (episode) and `s` (its status) a filter adds; nil for every episode.
    private static func condition(_ filter: EpisodeFilter) -> String? {
        switch filter {
        case .all: nil
        case .unplayed: "ifnull(s.hasCompleted, 0) = 0"
        case .played: "s.hasCompleted = 1"
        case .inProgress: "s.hasCompleted = 0 AND s.lastListenTime > 0"
        case .starred: "s.starredAt IS NOT NULL"
        case .downloaded: "e.id IN (SELECT episodeId FROM download WHERE state = 'completed')"
        case .inbox: "e.id IN (SELECT episodeId FROM inbox)"
        }
    }

    /// These episodes as a listing shows them, in the order given; ids not stored are left out.
    public func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing] {
        guard !ids.isEmpty else { return [] }
        let json = "[" + ids.map { String($0.rawValue) }.joined(separator: ",") + "]"
        return try read { db in
            try listings(db, sql: "\(Self.listingSelect) JOIN json_each(?) j ON j.value = e.id ORDER BY j.key", arguments: [json])
        }
    }

    /// Records the episode's length as the audio itself tells it (feeds often omit or misstate it).
    /// - Throws: `StoreError.invalidDuration` unless `seconds` is positive and finite;
    ///   `.noSuchEpisodeID` when the episode is not stored.
    public func saveLearnedDuration(of episode: EpisodeID, seconds: Double) throws {
        guard seconds.isFinite, seconds > 0 else { throw StoreError.invalidDuration(seconds) }
        try write { db in
            try db.execute(sql: "UPDATE episode SET learnedDuration = ? WHERE id = ?", arguments: [seconds, episode.rawValue])
            guard db.changesCount > 0 else { throw StoreError.noSuchEpisodeID(episode) }
        }
    }

    /// Records the episode's chapters as fetched from its chapters file or read from its audio,
    /// replacing those stored before (an empty list removes them). The feed's own chapters
    /// (`Episode.chapters`) are kept apart and are not touched.
    /// - Throws: `StoreError.invalidPosition` for a chapter whose start is not a finite number;
    ///   `.noSuchEpisodeID` when the episode is not stored.
    public func saveChapters(of episode: EpisodeID, _ chapters: [Chapter]) throws {
        if let bad = chapters.first(where: { !$0.start.isFinite }) { throw StoreError.invalidPosition(bad.start) }
        let text = ChaptersJSON.text(chapters)
        try write { db in
            try db.execute(sql: "UPDATE episode SET chapters = ? WHERE id = ?", arguments: [text, episode.rawValue])
            guard db.changesCount > 0 else { throw StoreError.noSuchEpisodeID(episode) }
        }
    }

    // MARK: - Listings

    static let listingSelect = """
        SELECT e.id, f.id, f.title, e.guid, e.title, e.releaseDate, e.learnedDuration, e.duration,
            e.soundURL, e.link, e.soundMIMEType, \(statusColumns), json_extract(e.namespace, '$.people'),
            json_extract(e.namespace, '$.alternateEnclosures'), json_extract(e.namespace, '$.live.status')
        FROM episode e JOIN feed f ON f.id = e.feedId LEFT JOIN episodeStatus s ON s.episodeId = e.id
        """

    func listings(_ db: Database, sql: String, arguments: StatementArguments) throws -> [EpisodeListing] {
        var listings: [EpisodeListing] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            let id = EpisodeID(rawValue: row[0])
            guard let guid = row.text(3) else {
                warning("skipped \(id): its guid is not text")
                continue
            }
            let soundURL = row.url(8)
            var listing = EpisodeListing(
                id: id, podcast: PodcastID(rawValue: row[1]), podcastTitle: row.text(2), guid: guid, title: row.text(4),
                releaseDate: row.date(5), duration: row.duration(7) ?? row.duration(6),
                status: Self.status(row, from: 11, duration: Self.knownDuration(row, from: 6)),
                isPlayable: soundURL != nil, soundURL: soundURL, link: row.url(9), soundMIMEType: row.text(10),
                people: NamespaceJSON.people(row.text(16)), alternateEnclosures: NamespaceJSON.alternates(row.text(17)))
            listing.isLive = row.text(18) == LiveItem.live
            listings.append(listing)
        }
        return listings
    }
}
