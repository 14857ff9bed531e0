import EarshotFeed
import Foundation

/// What a feed says of when to fetch it again: its declared schedule and its live shows.
public struct FeedSchedule: Sendable, Equatable {
    /// `podcast:updateFrequency`, when given.
    public var frequency: UpdateFrequency?
    /// Its `podcast:liveItem`s, in feed order.
    public var liveShows: [LiveShow]

    /// A schedule with the given fields.
    public init(frequency: UpdateFrequency? = nil, liveShows: [LiveShow] = []) {
        self.frequency = frequency
        self.liveShows = liveShows
    }

    /// A channel's schedule; `episodes` gives the stored episode of a guid, when there is one.
    public init(_ show: ShowNamespace, episodes: (String) -> EpisodeID? = { _ in nil }) {
        frequency = show.updateFrequency
        liveShows = show.liveItems.map { item in
            LiveShow(guid: item.episode.id, title: item.episode.title, status: item.status, start: item.start?.date,
                     episode: item.status == LiveItem.pending ? nil : episodes(item.episode.id))
        }
    }
}

/// One live show as its feed last listed it.
public struct LiveShow: Sendable, Equatable {
    /// Its guid (also the guid of the episode it becomes).
    public var guid: String
    /// Its title.
    public var title: String?
    /// `pending`, `live` or `ended`.
    public var status: String
    /// When it starts (or started).
    public var start: Date?
    /// The episode it is, once it is live or ended and has a sound address.
    public var episode: EpisodeID?

    /// A live show with the given fields.
    public init(guid: String, title: String? = nil, status: String, start: Date? = nil, episode: EpisodeID? = nil) {
        self.guid = guid
        self.title = title
        self.status = status
        self.start = start
        self.episode = episode
    }
}
