import EarshotFeed
import EarshotStore
import Foundation

/// What happened in the session, as the rules and the adapters hear of it. Each part publishes what it
/// did; the rules between the parts (download ahead, notices, files of a removed podcast) and the bus
/// adapters subscribe to what they need, instead of calling into each other.
public enum SessionEvent {
    /// Something a desktop shows of playback may have changed: the play state, the episode or its
    /// metadata, the chapter, the rate or volume, what Next and Previous can do. Adapters compare and
    /// announce only real changes.
    case nowPlayingChanged
    /// Another episode became current (`from` is nil at the first one).
    case episodeChanged(from: EpisodeID?, to: EpisodeID)
    /// A seek landed; where playback really is.
    case seeked(Duration)
    /// Up Next changed: episodes added, removed or moved.
    case upNextChanged
    /// The listener's place in an episode was recorded (and handed to the store).
    case progressSaved(EpisodeID, EpisodeStatus)
    /// A feed was stored: a new subscription, or a refresh that found a new version. `outline` is the
    /// play order, read when the podcast is the current episode's.
    case feedStored(PodcastSummary, SavedFeed, outline: FeedOutline?)
    /// A refresh found episodes of a podcast already subscribed.
    case newEpisodes([EpisodeID], of: PodcastID)
    /// A refresh run ended, with every podcast's report.
    case refreshFinished([UpdateReport])
    /// The list of podcasts, or a podcast's title, art or counts, changed.
    case podcastsChanged
    /// A podcast was unsubscribed; `deletingFiles`: its downloaded files go too.
    case podcastRemoved(PodcastID, deletingFiles: Bool)
    /// A setting of a podcast (nil: of the whole library) changed.
    case settingChanged(key: String, podcast: PodcastID?)
    /// A stretch of listening ended (paused, stopped, finished, or another episode): its history row.
    case listened(ListeningRecord)
    /// The listener marked these episodes played or unplayed.
    case marked([EpisodeID], played: Bool)
    /// An episode's audio was downloaded.
    case downloaded(EpisodeID)
    /// Downloads moved on: bytes arrived, or one started or stopped. Paced by `Downloads` (at most one
    /// event every `Downloads.progressInterval`, none while nothing downloads).
    case downloadsMoved([DownloadRecord])
    /// The downloaded files of these episodes were deleted by hand.
    case downloadsDeleted([EpisodeID])
    /// The listener starred these episodes, or took their stars away.
    case starred([EpisodeID], starred: Bool)
    /// The listener dismissed episodes from the inbox (`count` of them left it).
    case dismissed(count: Int)
    /// Sync took places from other devices for these episodes (the store has them): what listening
    /// remembers of them is older (the one playing is never among them).
    case placesSynced(Set<EpisodeID>)
    /// Transcribing on this computer started, stored, finished, failed or paused.
    case transcription(TranscriptionEvent)
}

/// The session's publish–subscribe hub, on the loop's thread. Subscribers hear each event synchronously,
/// in the order they subscribed (the parts' own reactions first, the adapters last); an event published
/// while another is being delivered is delivered at once, inside it, as a call would be.
public final class SessionEvents {
    private var subscribers: [(id: Int, hear: (SessionEvent) -> Void)] = []
    private var nextID = 0

    public init() {}

    /// Calls `hear` with every event from now on, until the subscription is cancelled.
    @discardableResult
    public func subscribe(_ hear: @escaping (SessionEvent) -> Void) -> EventSubscription {
        let id = nextID
        nextID += 1
        subscribers.append((id, hear))
        return EventSubscription { [weak self] in self?.subscribers.removeAll { $0.id == id } }
    }

    /// Tells every subscriber.
    public func publish(_ event: SessionEvent) {
        for subscriber in subscribers { subscriber.hear(event) }
    }
}

/// A subscription to `SessionEvents`; `cancel()` ends it.
public final class EventSubscription {
    private var cancelling: (() -> Void)?
    init(_ cancel: @escaping () -> Void) { cancelling = cancel }

    /// Stops the events; nothing happens the second time.
    public func cancel() {
        cancelling?()
        cancelling = nil
    }
}
