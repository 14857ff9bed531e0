/// Calls back once when playback reaches a place in the episode (a chapter's end, the outro, where a
/// sleep fade starts). It is one one-shot timer for the wall-clock time left at the current rate, armed
/// only while playing; its owner re-arms it when the position, the rate or the play state change. A timer
/// that fires before the place is reached (the audio lagged) re-arms itself for the rest. While silences
/// are trimmed the audio runs ahead of the clock, so it arms for half the time left (at least 250 ms),
/// a handful of wakeups per place rather than a late one.
final class MediaAlarm {
    /// Where playback is, how fast it goes, whether it plays and whether silences are trimmed.
    struct Playhead {
        var position: Duration
        var rate: Double
        var playing: Bool
        var trimming: Bool
    }

    /// How close to the place counts as there (timers fire at millisecond precision).
    static let tolerance: Duration = .milliseconds(30)

    private let timers: Timers
    private let playhead: () -> Playhead?
    private let fire: () -> Void
    private var handle: TimerHandle?
    /// The place armed for.
    private(set) var target: Duration?

    /// An alarm reading the playhead from `playhead` (nil: nothing loaded) that calls `fire`.
    init(timers: Timers, playhead: @escaping () -> Playhead?, fire: @escaping () -> Void) {
        self.timers = timers
        self.playhead = playhead
        self.fire = fire
    }

    /// Arms for `target` (nil: disarms). Not playing, it stays disarmed until armed again while playing.
    func arm(at target: Duration?) {
        disarm()
        self.target = target
        guard let target, let now = playhead(), now.playing, now.rate > 0 else { return }
        var delay = max(target - now.position, .zero) / now.rate
        if now.trimming, delay > .milliseconds(500) { delay = max(delay / 2, .milliseconds(250)) }
        handle = timers.after(delay) { [weak self] in self?.rang() }
    }

    /// Disarms (and forgets the place).
    func disarm() {
        handle?.cancel()
        handle = nil
        target = nil
    }

    private func rang() {
        handle = nil
        guard let target, let now = playhead(), now.playing else { return }
        if now.position + Self.tolerance >= target {
            self.target = nil
            fire()
        } else {
            arm(at: target)
        }
    }
}
