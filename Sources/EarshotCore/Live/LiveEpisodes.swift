import EarshotFeed

/// Which live shows of a feed are episodes. A `podcast:liveItem` on the air (status `live`) or over
/// (`ended`) with a sound address is stored as an episode of its podcast, matched by its guid like any
/// item, marked with its status (`LiveMark`); one still `pending` is not (there is nothing to play yet).
/// An `<item>` with the same guid is that episode already: the item's fields win, and there is never a
/// second episode for one show. So when the show ends and the feed gives the recording (as an item, or
/// as the ended live item's enclosure), the episode the listener saw live becomes an ordinary episode.
public enum LiveEpisodes {
    /// `channel` with its live and ended shows among its episodes (after the items, in feed order).
    public static func folded(_ channel: Channel) -> Channel {
        guard !channel.podcast.liveItems.isEmpty else { return channel }
        var channel = channel
        var guids = Set(channel.episodes.map(\.id))
        for item in channel.podcast.liveItems where item.status != LiveItem.pending && item.episode.soundURL != nil {
            guard guids.insert(item.episode.id).inserted else { continue }
            var episode = item.episode
            episode.podcast.live = LiveMark(status: item.status, start: item.start, end: item.end)
            if episode.releaseDate == nil { episode.releaseDate = item.start }
            channel.episodes.append(episode)
        }
        return channel
    }
}
