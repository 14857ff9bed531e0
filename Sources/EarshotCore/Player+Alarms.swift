/// The places in the episode the player waits for — the outro's start, the next chapter, the sleep
/// timer's fade and chapter end — each a `MediaAlarm`, re-armed together whenever the playhead jumps,
/// the rate changes or playback starts or stops.
extension Player {
    /// Where playback is, for the alarms; nil when nothing is loaded.
    var playhead: MediaAlarm.Playhead? {
        guard loaded, let position = engine.position else { return nil }
        return MediaAlarm.Playhead(position: position, rate: engine.rate, playing: engine.state == .playing,
                                   trimming: engine.trimSilence)
    }

    /// An alarm of this player that calls `fire`.
    func alarm(_ fire: @escaping (Player) -> Void) -> MediaAlarm {
        MediaAlarm(timers: timers, playhead: { [unowned self] in playhead }, fire: { [unowned self] in fire(self) })
    }

    /// Re-arms every alarm for the playhead as it is now (paused or stopped: none runs).
    func rearmAlarms() {
        outroAlarm.arm(at: outroStart)
        chapterAlarm.arm(at: nextChapterStart)
        rearmSleep()
    }

    /// The playhead jumped (a load, a seek): the current chapter follows and the alarms are re-armed.
    /// Returns whether the current chapter changed (the caller announces it).
    @discardableResult
    func playheadMoved() -> Bool {
        let changed = updateChapterIndex()
        rearmAlarms()
        return changed
    }
}
