import EarshotGLib
import EarshotStore

/// The current podcast's sound profile on the engine: speed, silence trimming and voice boost when an
/// episode loads and the moment a setting changes (no pipeline rebuilt, the position kept); the intro
/// skipped for an episode that starts from the beginning; the outro's start taken as the end.
extension Player {
    /// The current podcast's profile (the built-in one without a current episode).
    public var soundProfile: SoundProfile { current.map { library.soundProfile($0.podcast) } ?? SoundProfile() }

    /// Puts the profile's speed and filters on the engine.
    func applySoundProfile() {
        let profile = soundProfile
        engine.setRate(profile.speed)
        engine.trimSilence = profile.trimSilence
        engine.voiceBoost = profile.voiceBoost
    }

    /// Where an episode that starts from the beginning starts, in seconds: after its intro, when the
    /// podcast skips intros and the episode is longer than that.
    var introEnd: Double {
        let skip = soundProfile.skipIntro
        guard skip > 0 else { return 0 }
        if let length, skip >= length.inSeconds { return 0 }
        return skip
    }

    /// Where the outro starts, when the podcast skips outros and the length is known (and longer).
    var outroStart: Duration? {
        let skip = soundProfile.skipOutro
        guard skip > 0, let length, length.inSeconds > skip else { return nil }
        return length - .milliseconds(Int64(skip * 1000))
    }

    /// Where the episode counts as ended: the outro's start, else its length.
    var episodeEnd: Duration? { outroStart ?? length }

    /// Playback reached the outro: the episode ended (completed, and the next one plays).
    func outroReached() {
        Log.debug("skipping the outro")
        let skipped = (length.map(\.inSeconds) ?? 0) - (engine.position?.inSeconds ?? 0)
        episodeEnded(skipping: skipped)
    }

    /// A rate set by hand becomes the podcast's speed when it remembers speeds.
    func rememberRate() {
        guard let podcast = current?.podcast else { return }
        let profile = library.soundProfile(podcast)
        let rate = engine.rate
        guard profile.rememberSpeed, rate != profile.speed, SoundProfile.speeds.contains(rate) else { return }
        try? library.set(SoundProfile.speedKey, to: String(rate), for: podcast)
    }

    /// A setting changed: a profile setting of the current podcast (or the shared default) applies now.
    func settingChanged(_ key: String, of podcast: PodcastID?) {
        guard loaded, podcast == nil || podcast == current?.podcast else { return }
        let profile = soundProfile
        switch key {
        case SoundProfile.speedKey: engine.setRate(profile.speed)
        case SoundProfile.trimSilenceKey: engine.trimSilence = profile.trimSilence
        case SoundProfile.voiceBoostKey: engine.voiceBoost = profile.voiceBoost
        case SoundProfile.skipOutroKey: break
        default: return
        }
        rearmAlarms()
        changed()
    }
}

extension Player {
    /// How much sooner the current episode ends thanks to trimming silences, since it was loaded.
    public var timeSaved: Duration { loaded ? engine.timeSaved : .zero }
}
