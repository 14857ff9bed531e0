import EarshotLocale
import EarshotMPRIS
import Foundation

/// A podcast of the library as org.earshot.Earshot1 describes it (Podcasts, Status's "podcast"), and
/// as `earshot podcasts --json` prints it: the D-Bus keys, instants in ISO 8601, unknown values left out.
struct PodcastRecord: Encodable, Equatable {
    var id: Int64
    var url: String?
    var title: String?
    var author: String?
    var link: String?
    var episodes: Int?
    var unplayed: Int?
    var lastChecked: Date?
    var lastPlayed: Date?
    var added: Date?
    var autoQueue: Bool?
    var art: String?

    enum CodingKeys: String, CodingKey {
        case id, url, title, author, link, episodes, unplayed
        case lastChecked = "last_checked", lastPlayed = "last_played", added
        case autoQueue = "auto_queue", art
    }

    /// The title to show: the feed's title, else its URL.
    var displayTitle: String { title ?? url ?? tr("(untitled podcast)") }
}

extension PodcastRecord {
    /// Reads a podcast dictionary; nil without an id.
    init?(_ entry: Vardict) {
        guard let id = entry.integer("id") else { return nil }
        self.init(
            id: id, url: entry.string("url"), title: entry.string("title"), author: entry.string("author"),
            link: entry.string("link"), episodes: entry.count("episodes"), unplayed: entry.count("unplayed"),
            lastChecked: entry.date("last_checked"), lastPlayed: entry.date("last_played"),
            added: entry.date("added"), autoQueue: entry.bool("auto_queue"), art: entry.string("art"))
    }

    /// Reads a PodcastRows row, `(xsuuxb)`: id, title, episodes, unplayed, last checked (0: never),
    /// auto-queue; nil for any other shape.
    init?(row: DBusValue) {
        guard let members = row.structureMembers, members.count == 6, let id = members[0].int64Value,
              let title = members[1].stringValue, let episodes = members[2].uint32Value,
              let unplayed = members[3].uint32Value, let checked = members[4].int64Value,
              let autoQueue = members[5].boolValue
        else { return nil }
        self.init(id: id, url: nil, title: title, author: nil, link: nil, episodes: Int(episodes), unplayed: Int(unplayed),
                  lastChecked: checked == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(checked)),
                  lastPlayed: nil, added: nil, autoQueue: autoQueue, art: nil)
    }
}
