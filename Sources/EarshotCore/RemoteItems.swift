import EarshotFeed
import Foundation

/// Items that play another feed's episode: a `podcast:remoteItem` in an item (`medium="podcast"`, or
/// none said) naming that feed's address and the episode's guid, in an item with no audio of its own.
/// Before such a feed is stored, the feeds they name are fetched (at most `feedsAtOnce` distinct ones a
/// fetch, never the feed itself) and each item takes the audio, its type, length, duration and
/// alternate enclosures from the episode it names: it then plays, downloads and is listed as any
/// episode. An item whose episode is not found stays without audio, as the feed gave it.
enum RemoteItems {
    /// The most other feeds fetched for one feed's remote items.
    static let feedsAtOnce = 4

    /// The feeds `channel`'s remote items name, besides `own`, in the order first named.
    static func feeds(in channel: Channel, own: URL) -> [URL] {
        var feeds: [URL] = []
        for episode in channel.episodes where episode.soundURL == nil {
            guard let remote = episode.podcast.remoteItem, playsAnEpisode(remote), let feed = remote.feedURL, feed != own,
                  !feeds.contains(feed) else { continue }
            feeds.append(feed)
            if feeds.count == feedsAtOnce { break }
        }
        return feeds
    }

    /// `channel` with each remote item whose episode is in `others` (by feed address) given its audio.
    static func filled(_ channel: Channel, from others: [URL: Channel]) -> Channel {
        var channel = channel
        for index in channel.episodes.indices where channel.episodes[index].soundURL == nil {
            guard let remote = channel.episodes[index].podcast.remoteItem, playsAnEpisode(remote), let feed = remote.feedURL,
                  let guid = remote.itemGuid, let source = others[feed]?.episodes.first(where: { $0.id == guid }),
                  source.soundURL != nil else { continue }
            var episode = channel.episodes[index]
            episode.soundURL = source.soundURL
            episode.soundMIMEType = source.soundMIMEType
            episode.soundByteLength = source.soundByteLength
            if episode.duration == nil { episode.duration = source.duration }
            if episode.podcast.alternateEnclosures.isEmpty { episode.podcast.alternateEnclosures = source.podcast.alternateEnclosures }
            channel.episodes[index] = episode
        }
        return channel
    }

    /// Whether `remote` points at an episode to play (a podcast's, not a music track's or a video's).
    private static func playsAnEpisode(_ remote: RemoteItem) -> Bool {
        remote.itemGuid != nil && (remote.medium == nil || remote.medium == "podcast")
    }
}
