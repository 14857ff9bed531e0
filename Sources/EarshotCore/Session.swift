import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotPlayback
import Foundation

/// The podcast rules: which episode is current, what Next and Previous mean, what happens at the end
/// of an episode, and how commands from the bus reach the playback engine. The MPRIS adapter reads
/// `state` and `position` and forwards commands; `Session` tells it about changes through `onChange`
/// and `onSeeked`. Everything runs on the main context's thread.
public final class Session: PlayerControl {
    /// Called after anything in `state` may have changed (the adapter diffs and announces).
    public var onChange: () -> Void = {}
    /// Called when a seek landed, with the real position in microseconds (MPRIS `Seeked`).
    public var onSeeked: (Int64) -> Void = { _ in }
    /// Called when a client asked the daemon to quit.
    public var onQuit: () -> Void = {}

    private let engine: PlaybackEngine
    private let loader: FeedLoader
    private let context = MainContext.threadDefault()
    private(set) var channel: Channel
    private(set) var order: PlayOrder
    /// The current episode's index in `order`.
    private(set) var current: Int?
    /// The engine has the current episode loaded (false after a Next/Previous while stopped).
    private var loaded = false
    /// The current episode's metadata, rebuilt only when the episode or its known length changes: the
    /// bus reads it on every Get, GetAll and change check.
    private var metadataCache: (episodeID: String, length: Int64?, metadata: EpisodeMetadata)?

    /// A session over `channel`, with the newest episode that has audio selected (paused at 0, loaded).
    public init(channel: Channel, engine: PlaybackEngine, loader: FeedLoader) {
        self.engine = engine
        self.loader = loader
        self.channel = channel
        order = PlayOrder(feedOrder: channel.episodes)
        current = order.newestPlayable
        engine.delegate = self
        if current != nil { load(play: false) }
    }

    /// The episode being played or about to be.
    public var currentEpisode: Episode? { current.map { order.episodes[$0] } }

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

    private var currentMetadata: EpisodeMetadata? {
        guard let episode = currentEpisode else { return nil }
        let length = engine.duration.map(Self.microseconds) ?? episode.duration.map { Int64($0 * 1_000_000) }
        if let cache = metadataCache, cache.episodeID == episode.id, cache.length == length { return cache.metadata }
        let description = episode.description
        let metadata = EpisodeMetadata(
            trackID: TrackID(episodeGUID: episode.id), length: length, title: episode.title, album: channel.title,
            artist: channel.author.map { [$0] } ?? [], comment: description.isEmpty ? [] : [description],
            url: episode.soundURL?.absoluteString, artURL: Self.localArt(episode.coverImage ?? channel.profileImage),
            contentCreated: episode.releaseDate?.date.map { $0.formatted(.iso8601) })
        metadataCache = (episode.id, length, metadata)
        return metadata
    }

    /// Desktop shells only show local art, so only a `file://` image is published.
    private static func localArt(_ url: URL?) -> String? {
        guard let url, url.isFileURL else { return nil }
        return url.absoluteString
    }

    // MARK: PlayerControl: commands

    public func play() throws(PlayerError) {
        guard current != nil else { throw .noEpisode("there is no episode to play") }
        if loaded { engine.play() } else { load(play: true) }
        onChange()
    }

    public func pause() throws(PlayerError) {
        guard loaded, engine.state == .playing else { return }
        engine.pause()
        onChange()
    }

    public func playPause() throws(PlayerError) {
        if loaded && engine.state == .playing { try pause() } else { try play() }
    }

    public func stop() throws(PlayerError) {
        guard loaded else { return }
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
        if let index = order.index(matching: uri) {
            guard order.episodes[index].soundURL != nil else {
                throw .soundURLMissing("“\(order.episodes[index].title ?? uri)” has no audio")
            }
            current = index
            load(play: true)
            onChange()
            return
        }
        guard let url = URL(string: uri) else { throw .failed("“\(uri)” is not a URL") }
        switchFeed(to: url)
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

    /// Makes `index` current, keeping Playing, Paused or Stopped as it was.
    private func select(_ index: Int) {
        let wasPlaying = loaded && engine.state == .playing
        let wasStopped = !loaded || engine.state == .stopped
        current = index
        if wasStopped {
            engine.stop()
            loaded = false
        } else {
            load(play: wasPlaying)
        }
        onChange()
    }

    private func load(play: Bool) {
        guard let episode = currentEpisode, let sound = episode.soundURL else { return }
        engine.load(uri: sound)
        loaded = true
        if play { engine.play() }
    }

    /// At the end of an episode the next newer one plays; after the newest: Stopped at 0.
    private func episodeEnded() {
        if let current, let next = order.next(after: current) {
            self.current = next
            load(play: true)
        } else {
            engine.stop()
        }
        onChange()
    }

    /// OpenUri with a feed's URL: fetch it and make it the current feed. When it still lists the current
    /// episode (the same feed, refreshed), that episode stays current and playback is not interrupted;
    /// otherwise its newest episode is selected, paused. A failure leaves everything as it was.
    private func switchFeed(to url: URL) {
        loader.load(url) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let channel):
                // Sorting thousands of episodes is work for a worker thread, not for the loop.
                Worker.run("earshot-order", on: self.context, work: { PlayOrder(feedOrder: channel.episodes) }) { order in
                    self.adopt(channel, in: order, from: url)
                }
            case .failure(let error):
                Log.warning("OpenUri \(url.absoluteString): \(error)")
            }
        }
    }

    private func adopt(_ newChannel: Channel, in newOrder: PlayOrder, from url: URL) {
        let keeping = currentEpisode?.id
        let previous = (channel, order)
        channel = newChannel
        order = newOrder
        metadataCache = nil
        // The replaced feed is freed on a worker thread too: thousands of episodes' strings.
        Worker.run("earshot-release", on: context, work: { withExtendedLifetime(previous) {} }) { _ in }
        if let keeping, let index = order.index(ofID: keeping) {
            current = index
            Log.debug("refreshed \(url.absoluteString): \(newChannel.episodes.count) episodes")
        } else {
            current = order.newestPlayable
            loaded = false
            engine.stop()
            if current != nil { load(play: false) }
            Log.message("switched to the feed \(url.absoluteString) (\(newChannel.episodes.count) episodes)")
        }
        onChange()
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

extension Session: PlaybackEngineDelegate {
    public func playbackEngine(_ engine: PlaybackEngine, didEmit event: PlaybackEvent) {
        switch event {
        case .stateChanged, .durationChanged:
            onChange()
        case .seekCompleted(let position):
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
