import Foundation

/// A bookmark, as org.earshot.Earshot1 describes it.
struct BookmarkRecord: Encodable, Equatable {
    var id: Int64
    var episode: Int64
    var podcast: Int64
    /// Seconds from the start of the episode.
    var position: Double
    var note: String
    /// The transcript's words around the moment, when there is a transcript.
    var said: String?
    var created: Date?
    var episodeTitle: String?
    var podcastTitle: String?

    enum CodingKeys: String, CodingKey {
        case id, episode, podcast, position, note, said, created, episodeTitle = "episode_title", podcastTitle = "podcast_title"
    }

    init(_ entry: Vardict) {
        id = entry.integer("id") ?? 0
        episode = entry.integer("episode") ?? 0
        podcast = entry.integer("podcast") ?? 0
        position = entry.seconds("position") ?? 0
        note = entry.string("note") ?? ""
        said = entry.string("said")
        created = entry.date("created")
        episodeTitle = entry.string("episode_title")
        podcastTitle = entry.string("podcast_title")
    }
}
