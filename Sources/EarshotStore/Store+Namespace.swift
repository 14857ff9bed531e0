import EarshotFeed
import Foundation
import GRDB

/// What one podcast says in the Podcasting 2.0 namespace, with its identity in the library.
public struct StoredShowNamespace: Sendable, Equatable {
    /// The podcast.
    public var podcast: PodcastID
    /// Its title, when the feed gives one.
    public var title: String?
    /// Its feed's address.
    public var url: URL?
    /// Its fields.
    public var fields: ShowNamespace

    /// A podcast's fields.
    public init(podcast: PodcastID, title: String?, url: URL?, fields: ShowNamespace) {
        self.podcast = podcast
        self.title = title
        self.url = url
        self.fields = fields
    }
}

extension Store {
    /// The Podcasting 2.0 fields of one podcast (nil: of every podcast whose feed gives any), by title.
    /// A podcast not stored gives an empty list.
    public func showNamespaces(of podcast: PodcastID?) throws -> [StoredShowNamespace] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, title, url, namespace FROM feed WHERE \(podcast == nil ? "namespace IS NOT NULL" : "id = ?")
                ORDER BY title COLLATE NOCASE, id
                """, arguments: podcast.map { [$0.rawValue] } ?? [])
            return rows.map { row in
                StoredShowNamespace(podcast: PodcastID(rawValue: row[0]), title: row.text(1), url: row.url(2),
                                    fields: NamespaceJSON.show(row.text(3)))
            }
        }
    }

    /// The podcast whose feed says it is `guid` (`podcast:guid`), or nil; the first added when several say so.
    public func podcastID(guid: String) throws -> PodcastID? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE podcastGuid = ? ORDER BY addedAt, id LIMIT 1", arguments: [guid])
                .map(PodcastID.init)
        }
    }

    /// Episodes with a person whose name contains `name` (regardless of case, as titles are matched):
    /// named by the item itself or by its podcast's channel, newest first as `listEpisodes` orders them.
    public func episodes(withPerson name: String, limit: Int? = nil) throws -> [EpisodeListing] {
        let person = """
            EXISTS (SELECT 1 FROM json_each(%@, '$.people') p WHERE \(TitleMatch.name)(json_extract(p.value, '$.name'), ?1))
            """
        let item = person.replacingOccurrences(of: "%@", with: "e.namespace")
        let show = person.replacingOccurrences(of: "%@", with: "f.namespace")
        return try read { db in
            try listings(db, sql: """
                \(Self.listingSelect)
                WHERE (e.namespace IS NOT NULL AND \(item)) OR (f.namespace IS NOT NULL AND \(show))
                ORDER BY e.releaseDate IS NULL, e.releaseDate DESC, e.feedId, e.feedOrder, e.id LIMIT \(limit ?? -1)
                """, arguments: [name])
        }
    }
}
