import EarshotStore
import Foundation

/// Recording the history of listening as it happens: a stretch starts when the current episode plays
/// and ends when it pauses, stops, ends or another episode becomes current; a seek is not listening.
/// The row of the stretch in progress is written whenever progress is saved (every 5 seconds while
/// playing), so a crash loses at most those seconds, like the listener's place. The playhead drives it
/// and gives it the two store operations it needs; it reads where the engine is.
final class ListeningRecorder {
    /// The name of this device in the history (the host's name).
    var device = "this computer"
    /// Audio the intro rule skipped at the last load, for the stretch that starts there.
    var introSkipped = 0.0
    private let engine: AudioEngine
    private let timers: Timers
    private let events: SessionEvents
    /// The id of the last history row stored.
    private let storedLastID: () -> Int64
    /// Writes a row (on the background).
    private let save: (ListeningRecord) -> Void
    /// The stretch being recorded, while playing.
    private var stretch: ListeningStretch?
    /// The id of the last history row made (read through `storedLastID` when first needed).
    private var lastID: Int64?

    /// A recorder reading `engine`, publishing `listened` to `events`.
    init(engine: AudioEngine, timers: Timers, events: SessionEvents, storedLastID: @escaping () -> Int64,
         save: @escaping (ListeningRecord) -> Void) {
        self.engine = engine
        self.timers = timers
        self.events = events
        self.storedLastID = storedLastID
        self.save = save
    }

    /// Whether a stretch is being recorded.
    var isRecording: Bool { stretch != nil }

    /// A stretch of `current` (of `podcast`) starts where the engine is.
    func begin(_ current: StoredEpisode, of podcast: PodcastSummary?) {
        let id = (lastID ?? storedLastID()) + 1
        lastID = id
        let position = engine.position?.inSeconds ?? current.status.lastListenTime
        stretch = ListeningStretch(id: id, episode: current, podcast: podcast, device: device, date: timers.date, now: timers.now,
                                   position: position, timeSaved: engine.timeSaved, rate: engine.rate, skipped: introSkipped)
        introSkipped = 0
        saveStretch()
    }

    /// The listener is moving to `target` seconds: the audio up to here counts.
    func moved(to target: Double) {
        guard stretch != nil else { return }
        reached(engine.position?.inSeconds)
        if let from = stretch?.lastPosition { stretch?.moved(from: from, to: target) }
    }

    /// Listening reached `position` (where the engine is, when nil); the stretch's row is saved.
    func reached(_ position: Double?) {
        guard let lastPosition = stretch?.lastPosition else { return }
        stretch?.reached(position ?? lastPosition, now: timers.now, timeSaved: engine.timeSaved, rate: engine.rate)
        saveStretch()
    }

    /// The stretch ends where the engine is (or where it was last seen: a stopped engine has no place).
    func end() {
        guard stretch != nil else { return }
        reached(engine.position?.inSeconds)
        if let record = stretch?.record { events.publish(.listened(record)) }
        stretch = nil
    }

    /// The stretch ends with the episode finished where the engine is (else at `end`); the outro rule
    /// skipped `skipped`. Returns its row, for the caller to count and publish (nil when nothing was
    /// being recorded).
    func finish(at end: Double?, skipping skipped: Double) -> ListeningRecord? {
        guard stretch != nil else { return nil }
        stretch?.finish(skipping: skipped)
        reached(engine.position?.inSeconds ?? end)
        defer { stretch = nil }
        return stretch?.record
    }

    private func saveStretch() {
        if let record = stretch?.record { save(record) }
    }
}
