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

    enum CodingKeys: String, CodingKey {
        case id, podcast, podcastTitle = "podcast_title", guid, title, released, duration, position
        case completed, playable, queuePosition = "queue_position", url, link, current, starred
    }

    /// The title to show.
    var displayTitle: String { title ?? url ?? "(untitled episode)" }
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
            current: entry.bool("current"), starred: entry.bool("starred"))
    }
}
