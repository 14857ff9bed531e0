import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotPlayback
import EarshotStore
import Foundation

/// The podcast rules: which episode is current, what Next and Previous mean, what happens at the end
/// of an episode, where an episode resumes, when progress is saved, and how the feed is refreshed.
/// The MPRIS adapter reads `state` and `position` and forwards commands; `Session` tells it about
/// changes through `onChange` and `onSeeked`. Everything runs on the main context's thread.
public final class Session: PlayerControl {
    /// Called after anything in `state` may have changed (the adapter diffs and announces).
    public var onChange: () -> Void = {}
    /// Called when a seek landed, with the real position in microseconds (MPRIS `Seeked`).
    public var onSeeked: (Int64) -> Void = { _ in }
    /// Called when a client asked the daemon to quit.
    public var onQuit: () -> Void = {}

    let engine: PlaybackEngine
    let loader: FeedLoader
    let store: Store
    let art: ArtCache
    let context = MainContext.threadDefault()
    /// The feed in outline: its row, where it lives, its validators, one light entry per episode.
    var feed: FeedOutline
    var order: PlayOrder
    /// Listening progress by episode id, mirrored from the store.
    var statuses: [String: EpisodeStatus]
    /// The current episode's index in `order`.
    var current: Int? {
        didSet { currentEpisode = current.map(readEpisode) }
    }
    /// Every field of the current episode, read from the store when it became current (the only
    /// episode whose title, show notes and links are in memory).
    public private(set) var currentEpisode: Episode?
    /// The engine has the current episode loaded (false after a Next/Previous while stopped).
    var loaded = false
    /// The current episode's metadata, rebuilt only when the episode, its known length or its art
    /// changes: the bus reads it on every Get, GetAll and change check.
    var metadataCache: (key: MetadataKey, metadata: EpisodeMetadata)?
    /// Saves progress every 5 s while playing; nil otherwise (no timer runs while nothing plays).
    var progressTimer: SourceHandle?
    /// Images already looked up this session (found on disk, downloading, or failed), so each is asked
    /// for once.
    var artRequests: Set<URL> = []
    /// Local files of the images found or downloaded.
    var artFiles: [URL: URL] = [:]

    /// A session over a stored feed. The current episode is the store's current one when it belongs to
    /// this feed (loaded, paused, at its saved position); otherwise the newest episode with audio.
    public init(feed: FeedOutline, store: Store, engine: PlaybackEngine, loader: FeedLoader, art: ArtCache) throws {
        self.feed = feed
        self.store = store
        self.engine = engine
        self.loader = loader
        self.art = art
        order = PlayOrder(feedOrder: feed.episodes)
        statuses = try store.statuses(in: feed.id)
        if let saved = try store.current(), saved.feed == feed.id, let index = order.index(ofID: saved.episode),
           order.episodes[index].isPlayable {
            current = index
        } else {
            current = order.newestPlayable
            if let current { try? store.makeCurrent(feed: feed.id, episode: order.episodes[current].id) }
        }
        currentEpisode = current.map(readEpisode)
        engine.delegate = self
        if current != nil { load(play: false) }
    }

    /// The channel's own fields as last fetched or restored (its episodes are in `feed.episodes`).
    public var channel: Channel { feed.channel }

    // MARK: PlayerControl: state

    public var state: PlayerState {
        PlayerState(
            playbackStatus: playbackStatus, episode: currentMetadata, rate: engine.rate,
            volume: engine.volume, minimumRate: PlaybackEngine.rateRange.lowerBound,
            maximumRate: PlaybackEngine.rateRange.upperBound,
            canGoNext: current.flatMap(order.next(after:)) != nil,
            canGoPrevious: current.flatMap(order.previous(before:)) != nil,
            canSeek: loaded && engine.state != .stopped)
    }

    public var position: Int64 {
        guard loaded, engine.state != .stopped, let position = engine.position else { return 0 }
        return Self.microseconds(position)
    }

    private var playbackStatus: PlaybackStatus {
        guard loaded else { return .stopped }
        switch engine.state {
        case .stopped: return .stopped
        case .paused: return .paused
        case .playing: return .playing
        }
    }

    // MARK: PlayerControl: commands

    public func play() throws(PlayerError) {
        guard current != nil else { throw .noEpisode("there is no episode to play") }
        if loaded && engine.state != .stopped {
            engine.play()
        } else {
            load(play: true)
        }
        onChange()
    }

    public func pause() throws(PlayerError) {
        guard loaded, engine.state == .playing else { return }
        engine.pause()
        saveProgress()
        onChange()
    }

    public func playPause() throws(PlayerError) {
        if loaded && engine.state == .playing { try pause() } else { try play() }
    }

    public func stop() throws(PlayerError) {
        guard loaded, engine.state != .stopped else { return }
        saveProgress(leaving: true)
        engine.stop()
        onChange()
    }

    /// Moves to the next newer episode. The adapter calls this only when `canGoNext`, or when a Seek
    /// went past the end: on the newest episode that is the end of the episode, so it stops at 0.
    public func next() throws(PlayerError) {
        guard let current else { throw .noEpisode("there is no episode") }
        guard let next = order.next(after: current) else {
            episodeEnded()
            return
        }
        select(next)
    }

    public func previous() throws(PlayerError) {
        guard let current, let previous = order.previous(before: current) else {
            throw .indexOutOfRange("there is no older episode")
        }
        select(previous)
    }

    public func setPosition(_ position: Int64, trackID: TrackID) throws(PlayerError) {
        guard loaded, engine.state != .stopped else { return }
        engine.seek(to: .microseconds(position))
        onChange()
    }

    public func openURI(_ uri: String) throws(PlayerError) {
        if let id = try? store.episodeID(matching: uri, in: feed.id), let index = order.index(ofID: id) {
            guard order.episodes[index].isPlayable else {
                let title = (try? store.episode(id, in: feed.id))?.title
                throw .soundURLMissing("“\(title ?? uri)” has no audio")
            }
            select(index, play: true)
            return
        }
        guard let url = URL(string: uri) else { throw .failed("“\(uri)” is not a URL") }
        openFeed(url)
    }

    public func setRate(_ rate: Double) throws(PlayerError) {
        engine.setRate(rate)
        onChange()
    }

    public func setVolume(_ volume: Double) throws(PlayerError) {
        engine.setVolume(volume)
        onChange()
    }

    public func quit() { onQuit() }

    // MARK: Moving between episodes

    /// Makes `index` current. Playing, Paused or Stopped stays as it was unless `play` says to play.
    func select(_ index: Int, play: Bool? = nil) {
        let wasPlaying = loaded && engine.state == .playing
        let wasStopped = !loaded || engine.state == .stopped
        if loaded && !wasStopped { saveProgress(leaving: true) }
        current = index
        try? store.makeCurrent(feed: feed.id, episode: order.episodes[index].id)
        if play == true || (!wasStopped && play == nil) {
            load(play: play ?? wasPlaying)
        } else {
            engine.stop()
            loaded = false
        }
        onChange()
    }

    /// Loads the current episode at its resume position.
    func load(play: Bool) {
        guard let episode = currentEpisode, let sound = episode.soundURL else { return }
        let status = statuses[episode.id]
        let start = ProgressRules.startPosition(lastListenTime: status?.lastListenTime, hasCompleted: status?.hasCompleted ?? false)
        engine.load(uri: sound, startAt: .milliseconds(Int64(start * 1000)))
        loaded = true
        if play { engine.play() }
    }

    /// At the end of an episode it is completed and the next newer one plays; after the newest:
    /// Stopped at 0.
    func episodeEnded() {
        if let episode = currentEpisode {
            recordProgress(of: episode, position: 0, completed: true)
        }
        if let current, let next = order.next(after: current) {
            self.current = next
            try? store.makeCurrent(feed: feed.id, episode: order.episodes[next].id)
            load(play: true)
        } else {
            engine.stop()
        }
        onChange()
    }

    /// Every field of the episode at `index` in `order`, from the store; when the store cannot be read,
    /// the entry's identity alone (logged), so playback carries on without its details.
    private func readEpisode(_ index: Int) -> Episode {
        let id = order.episodes[index].id
        do {
            if let episode = try store.episode(id, in: feed.id) { return episode }
            Log.warning("episode \(id) is missing from the store")
        } catch {
            Log.warning("could not read episode \(id): \(error)")
        }
        return Episode(id: id)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

extension Session: PlaybackEngineDelegate {
    public func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent) {
        switch event {
        case .stateChanged(let state):
            updateProgressTimer(playing: state == .playing)
            onChange()
        case .durationChanged:
            onChange()
        case .seekCompleted(let position):
            saveProgress()
            onSeeked(Self.microseconds(position))
        case .endOfStream:
            episodeEnded()
        case .buffering:
            break
        case .error(let error):
            Log.warning("playback: \(error)")
            onChange()
        }
    }
}
