import EarshotGLib

/// The sleep timer: after a time, or at the end of the episode, the chapter or a number of episodes, the
/// volume fades out over `sleepFade` and playback pauses (progress saved, the volume set back for the next
/// play). It fires once: playing again by hand does not re-arm it, and it is not stored (a restart forgets
/// it). Deadlines are one-shot timers; places in the episode are `MediaAlarm`s.
extension Player {
    /// The armed sleep timer, or nil.
    public var sleepTimer: SleepTimerReading? {
        guard let sleep else { return nil }
        var reading = SleepTimerReading(mode: sleep.mode)
        switch sleep.mode {
        case .after:
            reading.remaining = sleep.deadline.map { max($0 - timers.now, .zero) }
        case .endOfEpisode, .endOfChapter, .episodes:
            if case .episodes = sleep.mode { reading.episodesLeft = sleep.episodesLeft }
            if sleep.endsWithThisEpisode, let end = sleepEnd, loaded, engine.rate > 0 {
                reading.remaining = max(end - position, .zero) / engine.rate
            }
        }
        return reading
    }

    /// Arms the sleep timer (replacing one armed before); nil turns it off.
    public func setSleepTimer(_ mode: SleepMode?) throws(LibraryError) {
        switch mode {
        case .after(let time)?:
            guard time > .zero else { throw .invalidSetting("the sleep timer needs a time above zero") }
        case .endOfEpisode?, .episodes?:
            guard current != nil else { throw .noEpisode("there is no episode to sleep after") }
            if case .episodes(let count)? = mode, count < 1 { throw .invalidSetting("the sleep timer counts at least 1 episode") }
        case .endOfChapter?:
            guard current != nil else { throw .noEpisode("there is no episode to sleep after") }
            guard !chapters.isEmpty else { throw .indexOutOfRange("this episode has no chapters") }
        case nil:
            break
        }
        endSleepTimer()
        if let mode {
            var timer = SleepTimer(mode: mode)
            if case .episodes(let count) = mode { timer.episodesLeft = count }
            if case .after(let time) = mode {
                timer.deadline = timers.now + time
                timer.fadeTimer = timers.after(max(time - sleepFade, .zero)) { [weak self] in self?.sleepFadeDue() }
                timer.deadlineTimer = timers.after(time) { [weak self] in self?.sleepTimerFired() }
            }
            sleep = timer
            rearmSleep()
            Log.debug("sleep timer set: \(mode)")
        }
        changed()
    }

    // MARK: Firing

    /// Where in the episode the media-bound modes pause: the current chapter's end, else the episode's.
    var sleepEnd: Duration? {
        guard let sleep else { return nil }
        if sleep.mode == .endOfChapter, let next = nextChapterStart { return next }
        return sleep.endsWithThisEpisode ? episodeEnd : nil
    }

    /// Re-arms the media-bound alarms (on play, pause, seek, rate and chapter changes). A seek back out of
    /// the fade gives the volume back.
    func rearmSleep() {
        guard let sleep, sleep.deadline == nil else { return }
        let fadeStart = sleepEnd.map { $0 - sleepFade * engine.rate }
        if sleep.volumeBeforeFade != nil, let fadeStart, position + MediaAlarm.tolerance < fadeStart { restoreSleepVolume() }
        sleepFadeAlarm.arm(at: fadeStart)
        sleepChapterAlarm.arm(at: sleep.mode == .endOfChapter ? nextChapterStart : nil)
    }

    /// The `after` deadline.
    private func sleepTimerFired() {
        Log.debug("sleep timer: the deadline passed")
        pauseForSleep()
    }

    /// The end of the chapter, for `endOfChapter`.
    func sleepChapterEnded() { pauseForSleep() }

    private func pauseForSleep() {
        let volume = sleep?.volumeBeforeFade
        endSleepTimer(restoringVolume: false)
        pause()
        if let volume { engine.setVolume(volume) }
        changed()
    }

    /// At the end of an episode: true when the timer pauses here (it is then over, the volume given back);
    /// otherwise an `episodes` timer counts the episode.
    func sleepsAtEpisodeEnd() -> Bool {
        guard var timer = sleep else { return false }
        guard timer.endsWithThisEpisode else {
            if case .episodes = timer.mode { timer.episodesLeft -= 1 }
            sleep = timer
            return false
        }
        endSleepTimer()
        return true
    }

    /// Turns the timer off, giving the volume back unless told not to.
    func endSleepTimer(restoringVolume: Bool = true) {
        if restoringVolume { restoreSleepVolume() }
        sleep?.cancelTimers()
        sleep = nil
        sleepFadeAlarm.disarm()
        sleepChapterAlarm.disarm()
    }

    // MARK: The fade

    /// The `after` timer reached its fade.
    private func sleepFadeDue() {
        guard let deadline = sleep?.deadline else { return }
        startSleepFade(over: deadline - timers.now)
    }

    /// A media-bound timer reached its fade.
    func sleepFadeReached() {
        guard let end = sleepEnd, engine.rate > 0 else { return }
        startSleepFade(over: (end - position) / engine.rate)
    }

    /// Fades out over `time` while playing; the volume before is kept to give back.
    private func startSleepFade(over time: Duration) {
        guard var timer = sleep, timer.volumeBeforeFade == nil, status == .playing, time > .zero else { return }
        timer.volumeBeforeFade = engine.volume
        sleep = timer
        engine.fade(to: 0, over: time)
    }

    /// Stops a fade and gives the volume back (a pause by hand, a seek back, the end).
    func restoreSleepVolume() {
        guard let volume = sleep?.volumeBeforeFade else { return }
        sleep?.volumeBeforeFade = nil
        engine.setVolume(volume)
    }

    /// Play or pause by hand: a pause stops the fade (the volume comes back); playing again inside the
    /// fade's window of an `after` timer fades over what is left.
    func sleepPlayStateChanged(playing: Bool) {
        guard let sleep else { return }
        if !playing {
            restoreSleepVolume()
        } else if let deadline = sleep.deadline, deadline - timers.now <= sleepFade {
            startSleepFade(over: deadline - timers.now)
        }
        rearmSleep()
    }
}
