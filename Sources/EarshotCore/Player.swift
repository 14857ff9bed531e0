import EarshotFeed
import EarshotGLib
import EarshotPlayback
import EarshotStore
import Foundation

/// The listening rules: which episode is current, what Next and Previous mean, what happens at the end
/// of an episode, Up Next, where an episode resumes and when progress is saved. It talks to audio
/// through `AudioEngine`, to persistence through `LibraryStore` (reads: small and indexed; writes: on
/// `Background`, never waited for) and to the library for podcast details. Everything runs on the main
/// context's thread; the bus adapters read its state and forward commands.
public final class Player {
    /// The downloaded file of an episode, when there is one: it plays instead of the enclosure URL.
    public var localFile: (EpisodeID) -> URL? = { _ in nil }

    /// Where the player says what it did (`nowPlayingChanged`, `episodeChanged`, `upNextChanged`, …).
    let events: SessionEvents
    let engine: AudioEngine
    let store: LibraryStore
    let background: Background
    let library: Library

    /// The current episode with its progress as last known here.
    public internal(set) var current: StoredEpisode?
    /// The play order of the current episode's podcast (nil when that podcast was removed).
    var order: PlayOrder?
    /// Up Next.
    public internal(set) var upNext = UpNext()
    /// The last time an episode from Up Next became current (MPRIS's Played ordering of playlists:
    /// Xfce's panel asks for the five most recently played).
    public internal(set) var upNextPlayedAt: Date?
    /// Episodes played before the current one, oldest first (Previous walks back through them).
    var history: [EpisodeID] = []
    /// The engine's load of the current episode (nil after a Next/Previous while stopped, or the end):
    /// events of another load are stale and dropped.
    var currentLoad: LoadStamp?
    /// The engine has the current episode loaded.
    var loaded: Bool { currentLoad != nil }
    /// The current episode played since it became current (only played episodes go into the history).
    var currentWasPlayed = false
    /// Progress recorded this session, newer than what the store may have written yet.
    var recentProgress: [EpisodeID: EpisodeStatus] = [:]
    /// Saves progress every 5 s while playing; nil otherwise.
    var progressTimer: TimerHandle?
    /// The loaded episode's audio opened (Player+Opening).
    var audioOpen = false
    /// Those waiting to hear whether the audio opens (Player+Opening).
    var openWaiters: [OpenWaiter] = []

    // The history of listening (Player+History).
    /// The name of this device in the history (the host's name).
    public var device = "this computer"
    /// How often the current episode was played to the end, and when last.
    public internal(set) var currentUse = EpisodeUse()
    /// The stretch of listening being recorded, while playing.
    var stretch: ListeningStretch?
    /// The id of the last history row made (read from the store when first needed).
    var lastListeningID: Int64?
    /// Audio the intro rule skipped at the last load, for the stretch that starts there.
    var introSkipped = 0.0

    // The listening comforts (Player+Sleep, +SoundProfile, +Chapters, +Buttons).
    let timers: Timers
    /// How long the sleep timer's fade lasts.
    public var sleepFade: Duration = .seconds(10)
    /// What MPRIS Next and Previous do.
    public var buttons = MediaButtons()
    /// Fetches Podcasting 2.0 chapters files; nil: they are not fetched.
    public var chaptersFetcher: ChaptersFetching?
    /// The armed sleep timer.
    var sleep: SleepTimer?
    /// The current episode's chapters.
    var chapterState = ChapterState()
    lazy var outroAlarm = alarm { $0.outroReached() }
    lazy var chapterAlarm = alarm { $0.chapterBoundaryReached() }
    lazy var sleepFadeAlarm = alarm { $0.sleepFadeReached() }
    lazy var sleepChapterAlarm = alarm { $0.sleepChapterEnded() }

    /// How many played episodes Previous can walk back through.
    static let historyLimit = 100

    /// A player over `library`, publishing to `events`; nothing is current until `restore` or a selection.
    public init(engine: AudioEngine, store: LibraryStore, background: Background, library: Library, timers: Timers,
                events: SessionEvents) {
        self.events = events
        self.engine = engine
        self.store = store
        self.background = background
        self.library = library
        self.timers = timers
        engine.onEvent = { [weak self] event, load in self?.handle(event, of: load) }
        engine.onListeningEvent = { [weak self] event, load in self?.handle(event, of: load) }
        library.currentPodcast = { [weak self] in self?.currentPodcast }
        events.subscribe { [weak self] event in self?.hear(event) }
    }

    /// Tells the adapters that what they show may have changed (and starts or ends the stretch of
    /// listening being recorded when playing started or stopped).
    func changed() {
        followListening()
        events.publish(.nowPlayingChanged)
    }

    // MARK: State

    /// Playing, paused or stopped, as the listener sees it.
    public var status: PlaybackState { loaded ? engine.state : .stopped }

    /// Where playback is; zero when stopped. Never past the length: a seek beyond the end (made before
    /// the length was known) reads as the end until the audio gets there.
    public var position: Duration {
        guard loaded, engine.state != .stopped, let position = engine.position else { return .zero }
        guard let length else { return position }
        return min(position, length)
    }

    public var rate: Double { engine.rate }
    public var volume: Double { engine.volume }
    /// Whether the current episode can be sought.
    public var canSeek: Bool { loaded && engine.state != .stopped }

    /// The episode Next (or the end of the current one) would play: the first of Up Next, else the next
    /// newer episode of the current podcast.
    public var nextEpisode: EpisodeID? {
        if let first = upNext.first { return first.episode }
        guard let current, let order, let index = order.index(ofKey: current.id),
              let next = order.next(after: index) else { return nil }
        return order.episodes[next].key
    }

    /// The episode Previous would play: the one played before, else the next older one of the podcast.
    public var previousEpisode: EpisodeID? {
        if let last = history.last(where: { $0 != current?.id }) { return last }
        guard let current, let order, let index = order.index(ofKey: current.id),
              let previous = order.previous(before: index) else { return nil }
        return order.episodes[previous].key
    }

    /// The length of the current episode: the audio's, else the one learned before, else the feed's.
    public var length: Duration? {
        if loaded, let duration = engine.duration { return duration }
        guard let current else { return nil }
        return (current.learnedDuration ?? current.episode.duration).map { .milliseconds(Int64($0 * 1000)) }
    }

    // MARK: Commands

    /// Starts or resumes the current episode.
    public func play() throws(LibraryError) {
        guard current != nil else { throw .noEpisode("there is no episode to play: add a podcast with earshot add URL") }
        if loaded && engine.state != .stopped {
            engine.play()
            currentWasPlayed = true
        } else {
            load(play: true)
        }
        changed()
    }

    public func pause() {
        guard loaded, engine.state == .playing else { return }
        engine.pause()
        saveProgress()
        changed()
    }

    public func playPause() throws(LibraryError) {
        if loaded && engine.state == .playing { pause() } else { try play() }
    }

    public func stop() {
        guard loaded, engine.state != .stopped else { return }
        saveProgress(leaving: true)
        engine.stop()
        changed()
    }

    /// Moves to `nextEpisode`, keeping Playing, Paused or Stopped; with none, this is the end of the
    /// current episode (a Seek past the end of the newest): Stopped at 0.
    public func next() throws(LibraryError) {
        guard current != nil else { throw .noEpisode("there is no episode") }
        guard let next = nextEpisode else { return episodeEnded() }
        try select(next, play: nil, remember: true)
    }

    /// Moves to `previousEpisode`, keeping Playing, Paused or Stopped.
    public func previous() throws(LibraryError) {
        while let previous = previousEpisode {
            let fromHistory = history.lastIndex(of: previous)
            if let fromHistory { history.removeSubrange(fromHistory...) }
            saveHistory()
            do throws(LibraryError) {
                return try select(previous, play: nil, remember: false)
            } catch .noSuchEpisode where fromHistory != nil {
                continue  // its podcast was removed since: the one before it
            }
        }
        throw .indexOutOfRange("there is no episode before this one")
    }

    /// Seeks the current episode. The target is saved at once, so a crash right after a seek resumes
    /// where the listener asked to be.
    public func seek(to target: Duration) {
        guard loaded, engine.state != .stopped, let current else { return }
        listeningMoved(to: max(.zero, target).inSeconds)
        engine.seek(to: target)
        recordProgress(of: current.id, position: max(.zero, target).inSeconds, completed: false)
        playheadMoved()
        changed()
    }

    /// Changes the rate; with `remember-speed` on, it becomes the current podcast's speed.
    public func setRate(_ rate: Double) {
        engine.setRate(rate)
        rememberRate()
        rearmAlarms()
        changed()
    }

    /// Changes the volume (a sleep fade in progress ends; this volume is the one kept).
    public func setVolume(_ volume: Double) {
        sleep?.volumeBeforeFade = nil
        engine.setVolume(volume)
        changed()
    }

    /// Plays `episode` now, where it was left.
    public func play(episode: EpisodeID) throws(LibraryError) {
        try select(episode, play: true, remember: true)
    }

    /// The latest moment `play(episode:from:)` takes (a year of seconds): beyond any episode, and far from
    /// where a `Duration` would overflow.
    static let latestMoment: Double = 365 * 86_400

    /// Plays `episode` now from `position` seconds (a moment found in its transcript or chapters).
    public func play(episode: EpisodeID, from position: Double) throws(LibraryError) {
        guard position.isFinite, position >= 0, position < Self.latestMoment else {
            throw .invalidSetting("a moment is a time from the start of the episode, 0 or later")
        }
        try select(episode, play: true, remember: true)
        seek(to: .seconds(roundedToMilliseconds: position))
    }

    /// Plays `podcast` now: its episode in progress, else its oldest unplayed one.
    public func play(podcast: PodcastID) throws(LibraryError) {
        guard library.podcast(podcast) != nil else { throw .noSuchPodcast(podcast) }
        guard let episode = try Self.read({ try self.store.episodeToResume(in: podcast) }) else {
            throw .noEpisode("“\(library.podcast(podcast)?.channel.title ?? "podcast \(podcast.rawValue)")” has no episode left to play")
        }
        try select(episode, play: true, remember: true)
    }

    // MARK: Moving between episodes

    /// Makes `id` current. Playing, Paused or Stopped stays as it was unless `play` says to play;
    /// `remember` puts the episode left into the history.
    func select(_ id: EpisodeID, play: Bool?, remember: Bool) throws(LibraryError) {
        guard let stored = try Self.read({ try self.store.storedEpisode(id) }) else { throw .noSuchEpisode(id) }
        guard let sound = stored.episode.soundURL else {
            throw .soundURLMissing("“\(stored.episode.title ?? "episode \(id.rawValue)")” has no audio")
        }
        if localFile(id) == nil, let problem = EnclosureAccess.problem(sound: sound, feed: library.podcast(stored.podcast)?.url) {
            throw .soundURLMissing("“\(stored.episode.title ?? "episode \(id.rawValue)")” is not played: \(problem)")
        }
        let wasPlaying = loaded && engine.state == .playing
        let wasStopped = !loaded || engine.state == .stopped
        if loaded && !wasStopped { saveProgress(leaving: true) }
        endListening()
        if remember, currentWasPlayed, let left = current?.id, left != id { addToHistory(left) }
        becomeCurrent(stored)
        if play == true || (!wasStopped && play == nil) {
            load(play: play ?? wasPlaying)
        } else {
            engine.stop()
            currentLoad = nil
        }
        changed()
    }

    /// Restores `episode` as current at start-up, paused at its saved place (nothing plays by itself).
    public func restore(_ episode: EpisodeID) throws(LibraryError) {
        try select(episode, play: false, remember: false)
        load(play: false)
    }

    /// Makes `stored` the current episode: its podcast's order, out of Up Next, current in the store.
    func becomeCurrent(_ stored: StoredEpisode) {
        var stored = stored
        if let recent = recentProgress[stored.id] { stored.status = recent }
        if order == nil || current?.podcast != stored.podcast {
            order = (try? store.outline(id: stored.podcast)).flatMap { $0 }.map { PlayOrder(feedOrder: $0.episodes) }
        }
        let left = current?.id
        current = stored
        currentUse = (try? store.episodeUse(stored.id)) ?? EpisodeUse()
        currentWasPlayed = false
        settleOpenWaiters(nil)
        loadChapters(of: stored)
        if upNext.remove([stored.id]) {
            saveUpNext()
            notePlayedFromUpNext()
        }
        let store = self.store, id = stored.id
        background.run { Self.log { try store.makeCurrent(id) } }
        if left != id { events.publish(.episodeChanged(from: left, to: id)) }
    }

    /// Loads the current episode at its resume position.
    func load(play: Bool) {
        guard let current, let sound = current.episode.soundURL else { return }
        var start = ProgressRules.startPosition(lastListenTime: current.status.lastListenTime,
                                                hasCompleted: current.status.hasCompleted)
        if let known = current.learnedDuration ?? current.episode.duration, start >= known { start = 0 }
        if start == 0 { start = introEnd }
        introSkipped = start == introEnd ? introEnd : 0
        currentLoad = engine.load(uri: localFile(current.id) ?? sound, startAt: .milliseconds(Int64(start * 1000)))
        applySoundProfile()
        audioOpen = false
        playheadMoved()
        if play {
            engine.play()
            currentWasPlayed = true
        }
    }

    /// At the end of an episode it is completed and the next one plays (Up Next first); after the
    /// newest with nothing queued: Stopped at 0.
    /// A sleep timer that ends here leaves the next episode paused at its start instead.
    func episodeEnded(skipping skipped: Double = 0) {
        if let current {
            finishListening(at: length?.inSeconds ?? engine.position?.inSeconds, skipping: skipped)
            recordProgress(of: current.id, position: 0, completed: true)
        }
        currentLoad = nil
        let sleeps = sleepsAtEpisodeEnd()
        if let next = nextEpisode {
            do {
                try select(next, play: !sleeps, remember: true)
                if sleeps { load(play: false) }
                return
            } catch {
                Log.warning("cannot play the next episode: \(error)")
            }
        }
        engine.stop()
        changed()
    }

    private func addToHistory(_ episode: EpisodeID) {
        history.removeAll { $0 == episode }
        history.append(episode)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        saveHistory()
    }

    // MARK: Store access

    /// A small read on the loop; a failure is logged and reads as nothing.
    static func read<T>(_ body: () throws -> T?) throws(LibraryError) -> T? {
        do {
            return try body()
        } catch {
            throw .failed("cannot read the library: \(error)")
        }
    }

    /// Runs a store write on the background thread, logging a failure.
    static func log(_ body: () throws -> Void) {
        do { try body() } catch { Log.warning("could not save: \(error)") }
    }
}
