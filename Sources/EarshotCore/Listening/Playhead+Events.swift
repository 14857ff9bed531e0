import EarshotFeed
import EarshotGLib
import EarshotPlayback
import EarshotStore

/// What the engine reports: state changes start and stop the progress timer, a learned length is
/// stored, a landed seek is announced, the end of an episode is published (the `Listening` moves on).
/// Events of an earlier load (an end of stream still queued when Next was pressed) are dropped: they
/// would act on the new episode. The play state is the engine's own, whatever the load, so state
/// changes are always taken.
extension Playhead {
    func handle(_ event: PlaybackEvent, of load: LoadStamp) {
        if case .stateChanged = event {} else if load != currentLoad {
            Log.debug("dropped \(event) of \(load): the current episode is \(currentLoad.map(String.init(describing:)) ?? "not loaded")")
            return
        }
        switch event {
        case .stateChanged(let state):
            if state == .stopped { opening.settle(nil) }  // stopped before it opened: nothing failed
            updateProgressTimer(playing: state == .playing)
            publish(.playStateChanged(playing: state == .playing))
            changed()
        case .durationChanged(let duration):
            learn(duration)
            publish(.paceChanged)
            changed()
        case .seekCompleted(let position):
            saveProgress()
            if publish(.jumped) { changed() }
            events.publish(.seeked(position))
        case .endOfStream:
            publish(.ended)
        case .buffering:
            break
        case .opened:
            opening.opened()
        case .error(let error):
            Log.warning("playback: \(error)")
            if tryNextSource() { return }
            if engine.state == .stopped { currentLoad = nil }
            opening.failed(error, title: current?.episode.title)
            changed()
        }
    }

    func handle(_ event: ListeningEvent, of load: LoadStamp) {
        guard load == currentLoad else { return }
        switch event {
        case .chaptersFound(let found):
            publish(.chaptersFound(found.map { Chapter(start: $0.start, title: $0.title) }))
        case .fadeFinished:
            break  // the sleep timer pauses at its own deadline
        }
    }

    /// Loads the next of the current episode's stream sources, from where the failed one was to start,
    /// when the audio has not opened yet and there is one; whether it did.
    private func tryNextSource() -> Bool {
        guard !opening.isOpen, streamIndex + 1 < streamSources.count else { return false }
        streamIndex += 1
        let next = streamSources[streamIndex]
        Log.message("trying the episode's next source: \(next.absoluteString)")
        currentLoad = engine.load(uri: next, startAt: loadStart)
        if currentWasPlayed { engine.play() }
        return true
    }

    /// Stores the length the audio revealed when the feed's is missing or off by more than a second,
    /// so a restart shows the right length (and a seek bar) before anything plays.
    private func learn(_ duration: Duration) {
        guard let current else { return }
        let seconds = duration.inSeconds
        guard seconds > 0, abs((current.learnedDuration ?? current.episode.duration ?? -10) - seconds) > 1 else { return }
        self.current?.learnedDuration = seconds
        let store = self.store, id = current.id
        background.run { StoreWork.log { try store.saveLearnedDuration(of: id, seconds: seconds) } }
    }
}
