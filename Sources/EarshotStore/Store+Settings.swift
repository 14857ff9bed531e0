import Foundation
import GRDB

extension Store {
    /// The settings stored for `podcast`, or the library-wide defaults when `podcast` is nil. A
    /// podcast's own settings only: the caller falls back to the defaults for keys it lacks.
    public func settings(for podcast: PodcastID?) throws -> [String: String] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM setting WHERE podcastId IS ?",
                                           arguments: [podcast?.rawValue])
            var settings: [String: String] = [:]
            while let row = try rows.next() {
                guard let key = row.text(0), let value = row.text(1) else { continue }
                settings[key] = value
            }
            return settings
        }
    }

    /// Every stored setting at once, by podcast (the key nil holds the library-wide defaults): one read
    /// at start-up instead of one per podcast.
    public func allSettings() throws -> [PodcastID?: [String: String]] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT podcastId, key, value FROM setting")
            var settings: [PodcastID?: [String: String]] = [:]
            while let row = try rows.next() {
                guard let key = row.text(1), let value = row.text(2) else { continue }
                let podcast = row.integer(0).map(PodcastID.init(rawValue:))
                settings[podcast, default: [:]][key] = value
            }
            return settings
        }
    }

    /// Sets `key` to `value` for `podcast` (nil: the library-wide default); a nil `value` removes it.
    /// - Throws: `StoreError.noSuchFeed` when `podcast` is not stored.
    public func saveSetting(_ key: String, value: String?, for podcast: PodcastID?) throws {
        try write { db in
            if let podcast, try Bool.fetchOne(db, sql: "SELECT 1 FROM feed WHERE id = ?", arguments: [podcast.rawValue]) == nil {
                throw StoreError.noSuchFeed(podcast)
            }
            try db.execute(sql: "DELETE FROM setting WHERE podcastId IS ? AND key = ?", arguments: [podcast?.rawValue, key])
            if let value {
                try db.execute(sql: "INSERT INTO setting (podcastId, key, value) VALUES (?, ?, ?)",
                               arguments: [podcast?.rawValue, key, value])
            }
        }
    }
}
