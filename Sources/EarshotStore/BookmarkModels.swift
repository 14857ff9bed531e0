import Foundation

/// A moment of an episode the listener marked (`earshot bookmark`), with their note and, when the
/// episode has a transcript, what was said around it.
public struct Bookmark: Sendable, Equatable {
    /// Its number, never given twice.
    public var id: Int64
    public var episode: EpisodeID
    public var podcast: PodcastID
    /// Where in the episode, in seconds.
    public var position: Double
    /// The listener's note ("" for none).
    public var note: String
    /// The transcript's words around the moment, when there is a transcript.
    public var said: String?
    /// When it was made.
    public var createdAt: Date
    public var episodeTitle: String?
    public var podcastTitle: String?

    public init(id: Int64, episode: EpisodeID, podcast: PodcastID, position: Double, note: String, said: String?, createdAt: Date,
                episodeTitle: String?, podcastTitle: String?) {
        self.id = id
        self.episode = episode
        self.podcast = podcast
        self.position = position
        self.note = note
        self.said = said
        self.createdAt = createdAt
        self.episodeTitle = episodeTitle
        self.podcastTitle = podcastTitle
    }
}
