import EarshotFeed
import EarshotGLib
import EarshotPlayback
import EarshotStore
import Foundation

/// The current episode under the engine: loading it (each load stamped, so that a late event of an
/// earlier one is dropped), the wait for its audio to open, the play state, seeks and the saves of the
/// listener's place (on pause, stop, seek, a change of episode, and every 5 s while playing), and the
/// history of listening as it happens. It is the one listening part that holds the store handle and the
/// background worker: reads are small and indexed, writes go to the background and are never waited
/// for (`Playhead+Records` keeps the lists the queue changes). What it did is published as
/// `PlayheadEvent`s to the comforts and the `Listening`; the wait for audio (`AudioOpening`) and the
/// history (`ListeningRecorder`) are its helpers. Everything runs on the loop's thread.
final class Playhead {
    /// The downloaded file of an episode, when there is one: it plays instead of the enclosure URL.
    let localFile: (EpisodeID) -> URL?
    /// Whether the connection is metered (a stream then prefers a lower bitrate: `StreamChoice`).
    let metered: () -> Bool
    /// Where the current episode streams from, in the order tried (empty when it plays from its file),
    /// the one loaded, and where the load starts: a source that fails before its audio opens gives way
    /// to the next one, from the same place.
    var streamSources: [URL] = []
    var streamIndex = 0
    var loadStart: Duration = .zero

    let engine: AudioEngine
    let store: LibraryStore
    let background: Background
    let library: Library
    let timers: Timers
    /// Where what the listener sees is announced (`nowPlayingChanged`, `progressSaved`, `seeked`, …).
    let events: SessionEvents

    /// The current episode with its progress as last known here.
    internal(set) var current: StoredEpisode?
    /// How often the current episode was played to the end, and when last.
    internal(set) var currentUse = EpisodeUse()
    /// The engine's load of the current episode (nil after a Next/Previous while stopped, or the end):
    /// events of another load are stale and dropped.
    var currentLoad: LoadStamp?
    /// Whether what `currentLoad` loaded is a live show's endless stream. Kept from the load, not read
    /// from the episode: a show that ends while its stream plays becomes an ordinary episode at the next
    /// refresh, yet the stream is what plays until the recording is loaded.
    var loadedLive = false
    /// The current episode played since it became current (only played episodes go into the history).
    var currentWasPlayed = false
    /// Progress recorded this session, newer than what the store may have written yet.
    var recentProgress: [EpisodeID: EpisodeStatus] = [:]
    /// Saves progress every 5 s while playing; nil otherwise.
    var progressTimer: TimerHandle?
    /// Whether the loaded episode's audio opened, and who waits to hear.
    let opening: AudioOpening
    /// The history of listening as it happens.
    let recorder: ListeningRecorder
    private var listeners: [(PlayheadEvent) -> Bool] = []

    /// A playhead driving `engine`, saving through `store` on `background`.
    init(engine: AudioEngine, store: LibraryStore, background: Background, library: Library, timers: Timers,
         events: SessionEvents, localFile: @escaping (EpisodeID) -> URL?, metered: @escaping () -> Bool = { false }) {
        self.localFile = localFile
        self.metered = metered
        self.engine = engine
        self.store = store
        self.background = background
        self.library = library
        self.timers = timers
        self.events = events
        opening = AudioOpening(timers: timers)
        recorder = ListeningRecorder(engine: engine, timers: timers, events: events,
                                     storedLastID: { (try? store.lastListeningID()) ?? 0 },
                                     save: { record in background.run { StoreWork.log { try store.saveListening(record) } } })
        engine.onEvent = { [weak self] event, load in self?.handle(event, of: load) }
        engine.onListeningEvent = { [weak self] event, load in self?.handle(event, of: load) }
    }

    /// Calls `hear` with every event from now on, in the order subscribed; it answers whether what the
    /// listener sees changed because of it.
    func subscribe(_ hear: @escaping (PlayheadEvent) -> Bool) { listeners.append(hear) }

    /// Tells every subscriber; whether any says what the listener sees changed.
    @discardableResult
    func publish(_ event: PlayheadEvent) -> Bool {
        var seen = false
        for hear in listeners where hear(event) { seen = true }
        return seen
    }

    /// Tells the adapters that what they show may have changed (and starts or ends the stretch of
    /// listening being recorded when playing started or stopped).
    func changed() {
        followListening()
        events.publish(.nowPlayingChanged)
    }

    /// Starts or ends the stretch of listening to match whether the current episode plays.
    private func followListening() {
        let playing = loaded && engine.state == .playing
        if playing, !recorder.isRecording, let current {
            recorder.begin(current, of: library.podcast(current.podcast))
        } else if !playing, recorder.isRecording {
            recorder.end()
        }
    }

    /// Calls `settled` once the current episode's audio opened (nil) or failed to (why, in plain
    /// words). At once (nil) when it is open already or nothing is loading; nil too when another
    /// episode becomes current or playback stops first, or after `patience`: a slow server is not a
    /// failure.
    func whenAudioOpens(patience: Duration = .seconds(20), _ settled: @escaping (String?) -> Void) {
        guard loaded, !opening.isOpen, engine.state != .stopped else { return settled(nil) }
        opening.wait(patience: patience, settled)
    }

    // MARK: State

    /// The engine has the current episode loaded.
    var loaded: Bool { currentLoad != nil }

    /// Playing, paused or stopped, as the listener sees it.
    var status: PlaybackState { loaded ? engine.state : .stopped }

    /// Loaded and not stopped: it can be played on, paused and sought.
    var isOpen: Bool { loaded && engine.state != .stopped }

    /// Where playback is; zero when stopped. Never past the length: a seek beyond the end (made before
    /// the length was known) reads as the end until the audio gets there.
    var position: Duration {
        guard isOpen, let position = engine.position else { return .zero }
        guard let length else { return position }
        return min(position, length)
    }

    /// Where the engine is, when it has a place (a stopped engine has none).
    var enginePosition: Duration? { engine.position }
    var rate: Double { engine.rate }
    var volume: Double { engine.volume }

    /// The current episode is a live show on the air (or its stream, loaded while it was, still plays):
    /// an endless stream that cannot be sought, has no length and keeps no place.
    var isLive: Bool { loaded ? loadedLive : current?.episode.podcast.live?.isLive == true }

    /// The length of the current episode: the audio's, else the one learned before, else the feed's;
    /// none while it is live.
    var length: Duration? {
        guard !isLive else { return nil }
        if loaded, let duration = engine.duration { return duration }
        guard let current else { return nil }
        return (current.learnedDuration ?? current.episode.duration).map { .milliseconds(Int64($0 * 1000)) }
    }

    /// How much sooner the current episode ends thanks to trimming silences, since it was loaded.
    var timeSaved: Duration { loaded ? engine.timeSaved : .zero }

    /// Where playback is, for the alarms of the comforts; nil when nothing is loaded.
    var forAlarms: MediaAlarm.Playhead? {
        guard loaded, let position = engine.position else { return nil }
        return MediaAlarm.Playhead(position: position, rate: engine.rate, playing: engine.state == .playing,
                                   trimming: engine.trimSilence)
    }

    // MARK: Commands

    /// Makes `stored` current (not loaded): its progress as known here, its use, nobody waiting for the
    /// audio of the one before.
    func becomeCurrent(_ stored: StoredEpisode) {
        var stored = stored
        if let recent = recentProgress[stored.id] { stored.status = recent }
        current = stored
        currentUse = (try? store.episodeUse(stored.id)) ?? EpisodeUse()
        currentWasPlayed = false
        opening.settle(nil)
        publish(.becameCurrent(stored))
    }

    /// Loads the current episode at its resume position; one that starts from the beginning starts at
    /// `introEnd` seconds. Its downloaded file plays, else its audio streams from the first of
    /// `StreamChoice`'s sources.
    func load(play: Bool, introEnd: Double) {
        guard let current, let sound = current.episode.soundURL else { return }
        var start = ProgressRules.startPosition(lastListenTime: current.status.lastListenTime,
                                                hasCompleted: current.status.hasCompleted)
        if let known = current.learnedDuration ?? current.episode.duration, start >= known { start = 0 }
        if start == 0 { start = introEnd }
        recorder.introSkipped = start == introEnd ? introEnd : 0
        let file = localFile(current.id)
        streamSources = file != nil ? [] : StreamChoice.sources(
            sound: sound, type: current.episode.soundMIMEType, alternates: current.episode.podcast.alternateEnclosures,
            formats: library.audioFormats.of(current.podcast), metered: metered())
        streamIndex = 0
        loadStart = .milliseconds(Int64(start * 1000))
        loadedLive = current.episode.podcast.live?.isLive == true
        currentLoad = engine.load(uri: file ?? streamSources.first ?? sound, startAt: loadStart)
        publish(.loaded)
        opening.loading()
        publish(.jumped)
        if play { resume() }
    }

    /// Plays on where the engine is.
    func resume() {
        engine.play()
        currentWasPlayed = true
    }

    /// Pauses, saving the place.
    func pause() {
        guard loaded, engine.state == .playing else { return }
        engine.pause()
        saveProgress()
        changed()
    }

    /// Stops, saving the place as the listener leaves it.
    func stop() {
        guard isOpen else { return }
        saveProgress(leaving: true)
        engine.stop()
        changed()
    }

    /// Stops the engine and forgets the load (nothing of the current episode is loaded any more).
    func unload() {
        engine.stop()
        currentLoad = nil
    }

    /// Seeks the current episode. The target is saved at once, so a crash right after a seek resumes
    /// where the listener asked to be.
    func seek(to target: Duration) {
        guard isOpen, !isLive, let current else { return }
        recorder.moved(to: max(.zero, target).inSeconds)
        engine.seek(to: target)
        recordProgress(of: current.id, position: max(.zero, target).inSeconds, completed: false)
        publish(.jumped)
        changed()
    }

    /// Changes the rate (the comforts re-arm for it).
    func setRate(_ rate: Double) { engine.setRate(rate) }

    /// Changes the volume.
    func setVolume(_ volume: Double) { engine.setVolume(volume) }
}
