import EarshotGLib
import EarshotLocale

/// The sleep timer: after a time, or at the end of the episode, the chapter or a number of episodes, the
/// volume fades out over `fade` and playback pauses (progress saved, the volume set back for the next
/// play). It fires once: playing again by hand does not re-arm it, and it is not stored (a restart forgets
/// it). Like AntennaPod's, it listens to playback and owns its alarms: deadlines are one-shot timers,
/// places in the episode are `MediaAlarm`s re-armed when the playhead's events say it moved.
final class SleepTimer {
    /// What it waits for, its one-shot timers, and the volume to give back once its fade is over or
    /// interrupted.
    struct Armed {
        var mode: SleepMode
        /// For `after`: when it pauses, on `Timers.now`'s clock.
        var deadline: Duration?
        /// For `episodes`: the episodes still to finish, the current one included.
        var episodesLeft = 1
        /// For `after`: the timer at the deadline and the one where the fade starts.
        var deadlineTimer: TimerHandle?
        var fadeTimer: TimerHandle?
        /// The volume before the fade, while a fade runs.
        var volumeBeforeFade: Double?

        /// Whether the end of the current episode is where it pauses.
        var endsWithThisEpisode: Bool {
            switch mode {
            case .endOfEpisode, .endOfChapter: true
            case .episodes: episodesLeft <= 1
            case .after: false
            }
        }

        /// Stops its timers.
        func cancelTimers() {
            deadlineTimer?.cancel()
            fadeTimer?.cancel()
        }
    }

    /// How long the fade lasts.
    var fade: Duration = .seconds(roundedToMilliseconds: SettingsTable.defaultNumber(SettingsTable.sleepFade))
    private var armed: Armed?
    private unowned let playhead: Playhead
    /// Whose volume fades.
    private let engine: AudioEngine
    private let chapters: ChapterGuide
    private let profiler: SoundProfiler
    private let timers: Timers
    private var fadeAlarm: MediaAlarm!
    private var chapterAlarm: MediaAlarm!

    /// A sleep timer over `playhead`, fading `engine`, ending chapters as `chapters` knows them and episodes where
    /// `profiler` says they end.
    init(playhead: Playhead, engine: AudioEngine, chapters: ChapterGuide, profiler: SoundProfiler, timers: Timers) {
        self.playhead = playhead
        self.engine = engine
        self.chapters = chapters
        self.profiler = profiler
        self.timers = timers
        fadeAlarm = MediaAlarm(timers: timers, playhead: { [unowned playhead] in playhead.forAlarms },
                               fire: { [unowned self] in fadeReached() })
        chapterAlarm = MediaAlarm(timers: timers, playhead: { [unowned playhead] in playhead.forAlarms },
                                  fire: { [unowned self] in pauseForSleep() })
        playhead.subscribe { [unowned self] in hear($0) }
    }

    /// The armed sleep timer, or nil.
    var reading: SleepTimerReading? {
        guard let armed else { return nil }
        var reading = SleepTimerReading(mode: armed.mode)
        switch armed.mode {
        case .after:
            reading.remaining = armed.deadline.map { max($0 - timers.now, .zero) }
        case .endOfEpisode, .endOfChapter, .episodes:
            if case .episodes = armed.mode { reading.episodesLeft = armed.episodesLeft }
            if armed.endsWithThisEpisode, let end = pausePlace, playhead.loaded, playhead.rate > 0 {
                reading.remaining = max(end - playhead.position, .zero) / playhead.rate
            }
        }
        return reading
    }

    /// Arms the sleep timer (replacing one armed before); nil turns it off.
    func set(_ mode: SleepMode?) throws(LibraryError) {
        switch mode {
        case .after(let time)?:
            guard time > .zero else { throw .invalidSetting(tr("the sleep timer needs a time above zero")) }
        case .endOfEpisode?, .episodes?:
            guard playhead.current != nil else { throw .noEpisode(tr("there is no episode to sleep after")) }
            if case .episodes(let count)? = mode, count < 1 { throw .invalidSetting(tr("the sleep timer counts at least 1 episode")) }
        case .endOfChapter?:
            guard playhead.current != nil else { throw .noEpisode(tr("there is no episode to sleep after")) }
            guard !chapters.chapters.isEmpty else { throw .indexOutOfRange(tr("this episode has no chapters")) }
        case nil:
            break
        }
        end()
        if let mode {
            var timer = Armed(mode: mode)
            if case .episodes(let count) = mode { timer.episodesLeft = count }
            if case .after(let time) = mode {
                timer.deadline = timers.now + time
                timer.fadeTimer = timers.after(max(time - fade, .zero)) { [weak self] in self?.fadeDue() }
                timer.deadlineTimer = timers.after(time) { [weak self] in
                    Log.debug("sleep timer: the deadline passed")
                    self?.pauseForSleep()
                }
            }
            armed = timer
            rearm()
            Log.debug("sleep timer set: \(mode)")
        }
        playhead.changed()
    }

    private func hear(_ event: PlayheadEvent) -> Bool {
        switch event {
        case .playStateChanged(let playing): playStateChanged(playing: playing)
        case .jumped, .paceChanged: rearm()
        case .becameCurrent, .loaded, .chaptersFound, .ended: break
        }
        return false
    }

    // MARK: Firing

    /// Where in the episode the media-bound modes pause: the current chapter's end, else the episode's.
    private var pausePlace: Duration? {
        guard let armed else { return nil }
        if armed.mode == .endOfChapter, let next = chapters.nextStart { return next }
        return armed.endsWithThisEpisode ? profiler.episodeEnd : nil
    }

    /// Re-arms the media-bound alarms (on play, pause, seek, rate and chapter changes). A seek back out of
    /// the fade gives the volume back.
    private func rearm() {
        guard let armed, armed.deadline == nil else { return }
        let fadeStart = pausePlace.map { $0 - fade * playhead.rate }
        if armed.volumeBeforeFade != nil, let fadeStart, playhead.position + MediaAlarm.tolerance < fadeStart { restoreVolume() }
        fadeAlarm.arm(at: fadeStart)
        chapterAlarm.arm(at: armed.mode == .endOfChapter ? chapters.nextStart : nil)
    }

    private func pauseForSleep() {
        let volume = armed?.volumeBeforeFade
        end(restoringVolume: false)
        playhead.pause()
        if let volume { engine.setVolume(volume) }
        playhead.changed()
    }

    /// At the end of an episode: true when the timer pauses here (it is then over, the volume given back);
    /// otherwise an `episodes` timer counts the episode.
    func sleepsAtEpisodeEnd() -> Bool {
        guard var timer = armed else { return false }
        guard timer.endsWithThisEpisode else {
            if case .episodes = timer.mode { timer.episodesLeft -= 1 }
            armed = timer
            return false
        }
        end()
        return true
    }

    /// Turns the timer off, giving the volume back unless told not to.
    private func end(restoringVolume: Bool = true) {
        if restoringVolume { restoreVolume() }
        armed?.cancelTimers()
        armed = nil
        fadeAlarm.disarm()
        chapterAlarm.disarm()
    }

    // MARK: The fade

    /// The `after` timer reached its fade.
    private func fadeDue() {
        guard let deadline = armed?.deadline else { return }
        startFade(over: deadline - timers.now)
    }

    /// A media-bound timer reached its fade.
    private func fadeReached() {
        guard let end = pausePlace, playhead.rate > 0 else { return }
        startFade(over: (end - playhead.position) / playhead.rate)
    }

    /// Fades out over `time` while playing; the volume before is kept to give back.
    private func startFade(over time: Duration) {
        guard var timer = armed, timer.volumeBeforeFade == nil, playhead.status == .playing, time > .zero else { return }
        timer.volumeBeforeFade = engine.volume
        armed = timer
        engine.fade(to: 0, over: time)
    }

    /// Stops a fade and gives the volume back (a pause by hand, a seek back, the end).
    private func restoreVolume() {
        guard let volume = armed?.volumeBeforeFade else { return }
        armed?.volumeBeforeFade = nil
        engine.setVolume(volume)
    }

    /// The listener set the volume: a fade in progress ends, and this volume is the one kept.
    func volumeSetByHand() { armed?.volumeBeforeFade = nil }

    /// Play or pause by hand: a pause stops the fade (the volume comes back); playing again inside the
    /// fade's window of an `after` timer fades over what is left.
    private func playStateChanged(playing: Bool) {
        guard let armed else { return }
        if !playing {
            restoreVolume()
        } else if let deadline = armed.deadline, deadline - timers.now <= fade {
            startFade(over: deadline - timers.now)
        }
        rearm()
    }
}
