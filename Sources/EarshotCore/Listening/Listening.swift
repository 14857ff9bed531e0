import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotPlayback
import EarshotStore
import Foundation

/// Listening: one command surface over its parts, for the `Session` and the adapters. The `Queue` (Up
/// Next, the play order, the history: pure rules) says what Next, Previous and the end of an episode
/// play; the `Playhead` loads and plays it and saves the listener's place (the only part with the store
/// handle and the background worker); the comforts — `ChapterGuide`, `SoundProfiler`, `SleepTimer` —
/// follow the playhead's events with alarms of their own. Everything runs on the loop's thread.
public final class Listening {
    /// The current episode under the engine.
    let playhead: Playhead
    /// Up Next, the play order and the history.
    var queue = Queue()
    /// The last time an episode from Up Next became current (MPRIS's Played ordering of playlists:
    /// Xfce's panel asks for the five most recently played).
    public internal(set) var upNextPlayedAt: Date?
    /// What MPRIS Next and Previous do.
    public var buttons = MediaButtons()

    let library: Library
    let events: SessionEvents
    let timers: Timers
    let chapterGuide: ChapterGuide
    let profiler: SoundProfiler
    let sleep: SleepTimer

    /// Listening through `engine`, saving through `store` on `background` (both handed to the playhead
    /// only), over `library`, publishing to `events`; nothing is current until `restore` or a selection.
    /// Chapters files are fetched through `chapters` (nil: not fetched); an episode with a `localFile`
    /// plays from it, others stream (at a lower bitrate, where the feed offers one, while `metered`).
    public init(engine: AudioEngine, store: LibraryStore, background: Background, library: Library, timers: Timers,
                events: SessionEvents, chapters: ChaptersFetching? = nil, localFile: @escaping (EpisodeID) -> URL? = { _ in nil },
                metered: @escaping () -> Bool = { false }) {
        self.library = library
        self.events = events
        self.timers = timers
        playhead = Playhead(engine: engine, store: store, background: background, library: library, timers: timers, events: events,
                            localFile: localFile, metered: metered)
        profiler = SoundProfiler(playhead: playhead, engine: engine, library: library, timers: timers, events: events)
        chapterGuide = ChapterGuide(playhead: playhead, timers: timers, fetcher: chapters)
        sleep = SleepTimer(playhead: playhead, engine: engine, chapters: chapterGuide, profiler: profiler, timers: timers)
        profiler.outroReached = { [unowned self] skipped in episodeEnded(skipping: skipped) }
        playhead.subscribe { [unowned self] event in
            if case .ended = event { episodeEnded() }
            return false
        }
        library.currentPodcast = { [weak self] in self?.currentPodcast }
        events.subscribe { [weak self] event in self?.hear(event) }
    }

    func changed() { playhead.changed() }

    // MARK: What the parts hold

    /// The name of this device in the history (the host's name).
    public var device: String {
        get { playhead.recorder.device }
        set { playhead.recorder.device = newValue }
    }
    /// How long the sleep timer's fade lasts.
    public var sleepFade: Duration {
        get { sleep.fade }
        set { sleep.fade = newValue }
    }

    /// The current episode with its progress as last known here.
    public var current: StoredEpisode? { playhead.current }
    /// How often the current episode was played to the end, and when last.
    public var currentUse: EpisodeUse { playhead.currentUse }
    /// The podcast of the current episode.
    public var currentPodcast: PodcastID? { current?.podcast }
    /// Up Next.
    public var upNext: UpNext { queue.upNext }
    /// Playing, paused or stopped, as the listener sees it.
    public var status: PlaybackState { playhead.status }
    /// Where playback is; zero when stopped.
    public var position: Duration { playhead.position }
    public var rate: Double { playhead.rate }
    public var volume: Double { playhead.volume }
    /// Whether the current episode can be sought (a live show on the air cannot).
    public var canSeek: Bool { playhead.isOpen && !playhead.isLive }
    /// Whether the current episode is a live show on the air.
    public var isLive: Bool { playhead.isLive }
    /// The length of the current episode: the audio's, else the one learned before, else the feed's.
    public var length: Duration? { playhead.length }
    /// How much sooner the current episode ends thanks to trimming silences, since it was loaded.
    public var timeSaved: Duration { playhead.timeSaved }
    /// The episode Next (or the end of the current one) would play.
    public var nextEpisode: EpisodeID? { queue.next(after: current?.id) }
    /// The episode Previous would play.
    public var previousEpisode: EpisodeID? { queue.previous(before: current?.id) }
    /// The current podcast's sound profile (the built-in one without a current episode).
    public var soundProfile: SoundProfile { profiler.profile }
    /// The current episode's chapters, earliest first.
    public var chapters: [Chapter] { chapterGuide.chapters }
    /// The chapter playing (an index into `chapters`); nil before the first starts or when not loaded.
    public var currentChapterIndex: Int? { chapterGuide.currentIndex }
    /// The chapter playing.
    package var currentChapter: Chapter? { currentChapterIndex.map { chapters[$0] } }
    /// The armed sleep timer, or nil.
    public var sleepTimer: SleepTimerReading? { sleep.reading }

    // MARK: Commands

    /// Starts or resumes the current episode.
    public func play() throws(LibraryError) {
        guard current != nil else { throw .noEpisode(tr("there is no episode to play: add a podcast with earshot add URL")) }
        if playhead.isOpen { playhead.resume() } else { load(play: true) }
        changed()
    }

    public func pause() { playhead.pause() }

    public func playPause() throws(LibraryError) {
        if status == .playing { pause() } else { try play() }
    }

    public func stop() { playhead.stop() }

    /// Moves to `nextEpisode`, keeping Playing, Paused or Stopped; with none, this is the end of the
    /// current episode (a Seek past the end of the newest): Stopped at 0.
    public func next() throws(LibraryError) {
        guard current != nil else { throw .noEpisode(tr("there is no episode")) }
        guard let next = nextEpisode else { return episodeEnded() }
        try select(next, play: nil, remember: true)
    }

    /// Moves to `previousEpisode`, keeping Playing, Paused or Stopped.
    public func previous() throws(LibraryError) {
        while let previous = previousEpisode {
            let fromHistory = queue.goBack(to: previous)
            playhead.save(.history, queue.history)
            do throws(LibraryError) {
                return try select(previous, play: nil, remember: false)
            } catch .noSuchEpisode where fromHistory {
                continue  // its podcast was removed since: the one before it
            }
        }
        throw .indexOutOfRange(tr("there is no episode before this one"))
    }

    /// Seeks the current episode (the target is saved at once).
    public func seek(to target: Duration) { playhead.seek(to: target) }

    /// Changes the rate; with `remember-speed` on, it becomes the current podcast's speed.
    public func setRate(_ rate: Double) {
        playhead.setRate(rate)
        profiler.rememberRate()
        playhead.publish(.paceChanged)
        changed()
    }

    /// Changes the volume (a sleep fade in progress ends; this volume is the one kept).
    public func setVolume(_ volume: Double) {
        sleep.volumeSetByHand()
        playhead.setVolume(volume)
        changed()
    }

    /// Plays `episode` now, where it was left.
    public func play(episode: EpisodeID) throws(LibraryError) {
        try select(episode, play: true, remember: true)
    }

    /// Plays `episode` now from `position` seconds (a moment found in its transcript or chapters): a time
    /// within an episode (`EpisodeTime`), else a named error.
    public func play(episode: EpisodeID, from position: Double) throws(LibraryError) {
        guard EpisodeTime.checked(position) != nil else {
            throw .invalidSetting(tr("a moment is a time from the start of the episode, 0 or later"))
        }
        try select(episode, play: true, remember: true)
        seek(to: .seconds(roundedToMilliseconds: position))
    }

    /// Plays `podcast` now: its episode in progress, else its oldest unplayed one.
    public func play(podcast: PodcastID) throws(LibraryError) {
        guard library.podcast(podcast) != nil else { throw .noSuchPodcast(podcast) }
        guard let episode = try playhead.episodeToResume(in: podcast) else {
            throw .noEpisode(tr("“%s” has no episode left to play", library.podcast(podcast)?.channel.title ?? tr("podcast %d", Int(podcast.rawValue))))
        }
        try select(episode, play: true, remember: true)
    }

    /// Calls `settled` once the current episode's audio opened (nil) or why it could not.
    public func whenAudioOpens(patience: Duration = .seconds(20), _ settled: @escaping (String?) -> Void) {
        playhead.whenAudioOpens(patience: patience, settled)
    }

    /// Saves the current episode's position now (`leaving`: the finishing rule applies).
    public func saveProgress(leaving: Bool = false) { playhead.saveProgress(leaving: leaving) }
}
