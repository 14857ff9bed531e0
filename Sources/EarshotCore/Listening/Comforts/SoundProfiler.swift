import EarshotGLib
import EarshotStore

/// The current podcast's sound profile on the engine: speed, silence trimming and voice boost when an
/// episode loads and the moment a setting changes (no pipeline rebuilt, the position kept); the intro
/// skipped for an episode that starts from the beginning; the outro's start taken as the end, with its
/// own alarm there. It follows the playhead's events and the library's setting changes.
final class SoundProfiler {
    /// Called when playback reaches the outro, with the seconds skipped: the episode ended.
    var outroReached: (Double) -> Void = { _ in }
    private unowned let playhead: Playhead
    private let engine: AudioEngine
    private let library: Library
    private var alarm: MediaAlarm!

    /// The profile of `playhead`'s podcast from `library` on `engine`, with the outro's alarm on `timers`.
    init(playhead: Playhead, engine: AudioEngine, library: Library, timers: Timers, events: SessionEvents) {
        self.playhead = playhead
        self.engine = engine
        self.library = library
        alarm = MediaAlarm(timers: timers, playhead: { [unowned playhead] in playhead.forAlarms },
                           fire: { [unowned self] in outro() })
        playhead.subscribe { [unowned self] in hear($0) }
        events.subscribe { [weak self] event in
            if case .settingChanged(let key, let podcast) = event { self?.settingChanged(key, of: podcast) }
        }
    }

    /// The current podcast's profile (the built-in one without a current episode).
    var profile: SoundProfile { playhead.current.map { library.soundProfile($0.podcast) } ?? SoundProfile() }

    /// Where an episode that starts from the beginning starts, in seconds: after its intro, when the
    /// podcast skips intros and the episode is longer than that.
    var introEnd: Double {
        let skip = profile.skipIntro
        guard skip > 0 else { return 0 }
        if let length = playhead.length, skip >= length.inSeconds { return 0 }
        return skip
    }

    /// Where the outro starts, when the podcast skips outros and the length is known (and longer).
    var outroStart: Duration? {
        let skip = profile.skipOutro
        guard skip > 0, let length = playhead.length, length.inSeconds > skip else { return nil }
        return length - .milliseconds(Int64(skip * 1000))
    }

    /// Where the episode counts as ended: the outro's start, else its length.
    var episodeEnd: Duration? { outroStart ?? playhead.length }

    private func hear(_ event: PlayheadEvent) -> Bool {
        switch event {
        case .loaded: apply(profile)
        case .jumped, .playStateChanged, .paceChanged: alarm.arm(at: outroStart)
        case .becameCurrent, .chaptersFound, .ended: break
        }
        return false
    }

    /// Puts the profile's speed and filters on the engine.
    private func apply(_ profile: SoundProfile) {
        engine.setRate(profile.speed)
        engine.trimSilence = profile.trimSilence
        engine.voiceBoost = profile.voiceBoost
    }

    /// Playback reached the outro: the episode ended (completed, and the next one plays).
    private func outro() {
        Log.debug("skipping the outro")
        let skipped = (playhead.length.map(\.inSeconds) ?? 0) - (playhead.enginePosition?.inSeconds ?? 0)
        outroReached(skipped)
    }

    /// A rate set by hand becomes the podcast's speed when it remembers speeds.
    func rememberRate() {
        guard let podcast = playhead.current?.podcast else { return }
        let profile = library.soundProfile(podcast)
        let rate = playhead.rate
        guard profile.rememberSpeed, rate != profile.speed, SoundProfile.speeds.contains(rate) else { return }
        try? library.set(SoundProfile.speedKey, to: String(rate), for: podcast)
    }

    /// A setting changed: a profile setting of the current podcast (or the shared default) applies now.
    private func settingChanged(_ key: String, of podcast: PodcastID?) {
        guard playhead.loaded, podcast == nil || podcast == playhead.current?.podcast else { return }
        switch key {
        case SoundProfile.speedKey: engine.setRate(profile.speed)
        case SoundProfile.trimSilenceKey: engine.trimSilence = profile.trimSilence
        case SoundProfile.voiceBoostKey: engine.voiceBoost = profile.voiceBoost
        case SoundProfile.skipOutroKey: break
        default: return
        }
        playhead.publish(.paceChanged)
        playhead.changed()
    }
}
