import CGLib
import CGStreamer
import EarshotGLib

/// The listening comforts: silence trimming, voice boost, the time saved, fades, and chapters read from
/// the audio. All of them switch while playing, without rebuilding the pipeline or moving the position.
extension PlaybackEngine {
    /// Whether silences are shortened to `SilenceTrimmer.kept` (0.3 s). Positions, seeks and durations stay
    /// in the episode's own timeline; the time cut is counted in `timeSaved`. Kept across episodes.
    public var trimSilence: Bool {
        get { playbin.filters.trimmer.isEnabled }
        set {
            assertOnEngineThread()
            playbin.filters.trimmer.isEnabled = newValue
        }
    }

    /// Whether quiet speech is lifted (compressor, make-up gain and a limiter that never lets a sample
    /// past ±0.97). Kept across episodes.
    public var voiceBoost: Bool {
        get { isVoiceBoostOn }
        set {
            assertOnEngineThread()
            isVoiceBoostOn = newValue
            playbin.filters.setVoiceBoost(newValue)
        }
    }

    /// How much sooner the current episode ends thanks to `trimSilence` (wall-clock time not spent on
    /// silence) since it was loaded.
    public var timeSaved: Duration { .nanoseconds(playbin.filters.trimmer.timeSaved) }

    /// The chapters found in the current episode's audio so far (see `ListeningEvent.chaptersFound`).
    package var chapters: [AudioChapter] { announcedChapters }

    /// Ramps the volume linearly from where it is to `target` (clamped to 0…1) over `duration`, in 50 ms
    /// steps on the engine's context, then sends `ListeningEvent.fadeFinished`. For a sleep timer: fade to
    /// 0, then pause and set the volume back. `setVolume(_:)` or another fade cancels a fade in progress.
    public func fade(to target: Double, over duration: Duration) {
        assertOnEngineThread()
        guard !target.isNaN else { return }
        cancelFade()
        let goal = min(max(target, 0), 1), from = volume
        let total = max(duration.nanosecondCount, 1)
        let started = g_get_monotonic_time()
        fadeTimer = context.addTimeout(milliseconds: Self.fadeStepMilliseconds) { [weak self] in
            guard let self else { return false }
            let progress = min(Double((g_get_monotonic_time() - started) * 1000) / Double(total), 1)
            self.applyVolume(from + (goal - from) * progress)
            guard progress >= 1 else { return true }
            self.fadeTimer = nil
            self.events.post(ListeningEvent.fadeFinished)
            return false
        }
    }

    /// Stops a fade in progress where it is (no `fadeFinished`).
    func cancelFade() {
        fadeTimer?.cancel()
        fadeTimer = nil
    }

    /// Interval between the volume steps of a fade.
    static let fadeStepMilliseconds: UInt32 = 50

    /// Sets the volume the owner sees and the one the audio filter applies.
    func applyVolume(_ value: Double) {
        volume = value
        playbin.filters.volume = value
    }

    /// Announces `found` chapters when there are some and they differ from those announced.
    func announceChapters(_ found: [AudioChapter]) {
        guard !found.isEmpty, found != announcedChapters else { return }
        announcedChapters = found
        events.post(ListeningEvent.chaptersFound(found))
    }
}
