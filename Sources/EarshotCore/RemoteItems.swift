import EarshotFeed
import Foundation

/// Items that play another feed's episode: a `podcast:remoteItem` in an item (`medium="podcast"`, or
/// none said) naming that feed (its `feedGuid`, which the namespace requires, its `feedUrl`, or both) and
/// the episode's guid, in an item with no audio of its own. Before such a feed is stored, the feeds
/// they name are fetched (at most `feedsAtOnce` distinct ones a fetch, whether named by address or by
/// guid alone, never the feed itself) and each item takes the audio, its type, length, duration and
/// alternate enclosures from the episode it names: it then plays, downloads and is listed as any
/// episode. An item naming the feed itself (its address or its own `podcast:guid`) takes the audio of
/// the feed's own episode, with no fetch. A feed named by guid alone is found where another remote
/// item of the same feed gives that guid with an address; else its address is asked for
/// (`RemoteFeedAddresses`). An item whose episode is not found stays without audio, as the feed gave it.
enum RemoteItems {
    /// The most other feeds fetched for one feed's remote items.
    static let feedsAtOnce = 4

    /// Where the feed of a remote item is to be had.
    enum Source: Hashable {
        /// At this address.
        case feed(URL)
        /// Named by this `podcast:guid` alone: its address is to be asked for.
        case guid(String)
    }

    /// The feeds `channel`'s remote items name, besides itself (at `own`), in the order first named.
    static func sources(in channel: Channel, own: URL) -> [Source] {
        var given: [String: URL]?
        var sources: [Source] = []
        for episode in channel.episodes where episode.soundURL == nil {
            guard let remote = episode.podcast.remoteItem, playsAnEpisode(remote), !names(remote, itself: channel, at: own) else { continue }
            let source: Source
            if remote.feedURL == nil, given == nil { given = addressesGiven(in: channel) }
            if let url = remote.feedURL ?? remote.feedGuid.flatMap({ given?[$0] }) {
                guard url != own else { continue }
                source = .feed(url)
            } else if let guid = remote.feedGuid {
                source = .guid(guid)
            } else {
                continue
            }
            guard !sources.contains(source) else { continue }
            sources.append(source)
            if sources.count == feedsAtOnce { break }
        }
        return sources
    }

    /// The guids among `sources` whose address is to be asked for.
    static func guids(in sources: [Source]) -> [String] {
        sources.compactMap { source in
            guard case .guid(let guid) = source else { return nil }
            return guid
        }
    }

    /// The distinct addresses to fetch for `sources`, with `addresses` the answers for guids named
    /// alone (a guid left unanswered is left out, and so is `own`).
    static func feeds(for sources: [Source], addresses: [String: URL], own: URL) -> [URL] {
        var feeds: [URL] = []
        for source in sources {
            let url: URL? = switch source {
            case .feed(let url): url
            case .guid(let guid): addresses[guid]
            }
            if let url, url != own, !feeds.contains(url) { feeds.append(url) }
        }
        return feeds
    }

    /// `channel` (at `own`) with each remote item whose episode is in `others` (by feed address, with
    /// `addresses` the answers for guids named alone) or in `channel` itself given its audio.
    static func filled(_ channel: Channel, own: URL, from others: [URL: Channel], addresses: [String: URL] = [:]) -> Channel {
        var given: [String: URL]?
        var filled = channel
        for index in channel.episodes.indices where channel.episodes[index].soundURL == nil {
            guard let remote = channel.episodes[index].podcast.remoteItem, playsAnEpisode(remote), let guid = remote.itemGuid else { continue }
            let source: Channel?
            if names(remote, itself: channel, at: own) {
                source = channel
            } else {
                if remote.feedURL == nil, given == nil { given = addressesGiven(in: channel) }
                let url = remote.feedURL ?? remote.feedGuid.flatMap { given?[$0] ?? addresses[$0] }
                source = url.flatMap { $0 == own ? channel : others[$0] }
            }
            guard let episode = source?.episodes.first(where: { $0.id == guid }), episode.soundURL != nil else { continue }
            filled.episodes[index] = taking(episode, into: channel.episodes[index])
        }
        return filled
    }

    /// `item` with the audio of `source`; what the item says of itself stays.
    private static func taking(_ source: Episode, into item: Episode) -> Episode {
        var item = item
        item.soundURL = source.soundURL
        item.soundMIMEType = source.soundMIMEType
        item.soundByteLength = source.soundByteLength
        if item.duration == nil { item.duration = source.duration }
        if item.podcast.alternateEnclosures.isEmpty { item.podcast.alternateEnclosures = source.podcast.alternateEnclosures }
        return item
    }

    /// The addresses `channel`'s own remote items (in items and in its podroll) give beside a feed guid.
    private static func addressesGiven(in channel: Channel) -> [String: URL] {
        var given: [String: URL] = [:]
        for episode in channel.episodes {
            if let remote = episode.podcast.remoteItem, let guid = remote.feedGuid, let url = remote.feedURL, given[guid] == nil {
                given[guid] = url
            }
        }
        for remote in channel.podcast.podroll {
            if let guid = remote.feedGuid, let url = remote.feedURL, given[guid] == nil { given[guid] = url }
        }
        return given
    }

    /// Whether `remote` names the feed `channel` (at `own`) itself: its address or its `podcast:guid`
    /// (guids compared regardless of case: they are UUIDs).
    private static func names(_ remote: RemoteItem, itself channel: Channel, at own: URL) -> Bool {
        if let guid = remote.feedGuid, let ownGuid = channel.podcast.guid,
           guid.caseInsensitiveCompare(ownGuid) == .orderedSame { return true }
        return remote.feedURL == own
    }

    /// Whether `remote` points at an episode to play (a podcast's, not a music track's or a video's).
    private static func playsAnEpisode(_ remote: RemoteItem) -> Bool {
        remote.itemGuid != nil && (remote.medium == nil || remote.medium == "podcast")
    }
}
