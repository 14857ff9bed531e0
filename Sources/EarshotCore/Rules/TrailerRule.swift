import EarshotFeed
import EarshotStore
import Foundation

/// Trailers are stored and listed, but are no new episodes to hear: a refresh that brings one puts it
/// neither in the inbox nor in Up Next, and announces it nowhere.
///
/// An item is a trailer when its `itunes:episodeType` says so, or when its media is that of one of the
/// channel's `podcast:trailer`s.
enum TrailerRule {
    /// Whether `episode` of `channel` is a trailer.
    static func isTrailer(_ episode: Episode, of channel: Channel) -> Bool {
        if episode.episodeType?.lowercased() == "trailer" { return true }
        guard let sound = episode.soundURL, !channel.podcast.trailers.isEmpty else { return false }
        return channel.podcast.trailers.contains { $0.url == sound }
    }

    /// The ids (guids) of `channel`'s trailers.
    static func trailers(in channel: Channel) -> Set<String> {
        Set(channel.episodes.lazy.filter { isTrailer($0, of: channel) }.map(\.id))
    }

    /// `saved` without the trailers among its new episodes.
    static func leavingOut(_ trailers: Set<String>, from saved: SavedFeed) -> SavedFeed {
        guard !trailers.isEmpty else { return saved }
        var kept = saved
        kept.newEpisodes = []
        kept.newGuids = []
        for (episode, guid) in zip(saved.newEpisodes, saved.newGuids) where !trailers.contains(guid) {
            kept.newEpisodes.append(episode)
            kept.newGuids.append(guid)
        }
        return kept
    }
}
