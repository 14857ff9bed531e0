import EarshotLocale
import EarshotMPRIS
import Foundation

/// An episode as org.earshot.Earshot1 describes it (Episodes, Queue, Status's "episode" and "up_next"),
/// and as `earshot episodes --json` prints it: the D-Bus keys, `released` in ISO 8601, `duration` and
/// `position` in seconds, unknown values left out.
struct EpisodeRecord: Encodable, Equatable {
    var id: Int64
    var podcast: Int64?
    var podcastTitle: String?
    var guid: String?
    var title: String?
    var released: Date?
    var duration: Double?
    var position: Double?
    var completed: Bool?
    var playable: Bool?
    var queuePosition: Int?
    var url: String?
    var link: String?
    var current: Bool?
    var starred: Bool?
    /// The item's people (podcast:person), "Name (role)".
    var people: [String]?

    enum CodingKeys: String, CodingKey {
        case id, podcast, podcastTitle = "podcast_title", guid, title, released, duration, position
        case completed, playable, queuePosition = "queue_position", url, link, current, starred, people
    }

    /// The title to show.
    var displayTitle: String { title ?? url ?? tr("(untitled episode)") }
}

extension EpisodeRecord {
    /// Reads an episode dictionary; nil without an id.
    init?(_ entry: Vardict) {
        guard let id = entry.integer("id") else { return nil }
        self.init(
            id: id, podcast: entry.integer("podcast"), podcastTitle: entry.string("podcast_title"),
            guid: entry.string("guid"), title: entry.string("title"), released: entry.date("released"),
            duration: entry.seconds("duration"), position: entry.seconds("position"),
            completed: entry.bool("completed"), playable: entry.bool("playable"),
            queuePosition: entry.count("queue_position"), url: entry.string("url"), link: entry.string("link"),
            current: entry.bool("current"), starred: entry.bool("starred"),
            people: PersonText.names(entry.dictionaries("people")))
    }

    /// Reads an EpisodeRows row, `(xbxdbdusbsx)`: id, current, released (0: unknown), duration (-1:
    /// unknown), completed, position, queue position (0: not queued), podcast title, starred, title,
    /// podcast; nil for any other shape.
    init?(row: DBusValue) {
        guard let members = row.structureMembers, members.count == 11, let id = members[0].int64Value,
              let current = members[1].boolValue, let released = members[2].int64Value,
              let duration = members[3].doubleValue, let completed = members[4].boolValue,
              let position = members[5].doubleValue, let queued = members[6].uint32Value,
              let podcastTitle = members[7].stringValue, let starred = members[8].boolValue, let title = members[9].stringValue,
              let podcast = members[10].int64Value
        else { return nil }
        self.init(
            id: id, podcast: podcast, podcastTitle: podcastTitle.isEmpty ? nil : podcastTitle, guid: nil,
            title: title.isEmpty ? nil : title, released: released == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(released)),
            duration: duration < 0 ? nil : duration, position: position, completed: completed, playable: nil,
            queuePosition: queued == 0 ? nil : Int(queued), url: nil, link: nil, current: current, starred: starred)
    }
}
