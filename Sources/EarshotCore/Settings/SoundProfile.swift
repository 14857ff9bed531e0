import EarshotLocale
import Foundation

/// How a podcast sounds: its speed (pitch kept), silence trimming, voice boost, and the intro and outro
/// to skip. Each value comes from the podcast's own setting, else the default every podcast shares
/// (`earshot set all`), else the configuration file, else the settings table's default.
public struct SoundProfile: Sendable, Equatable {
    /// Playback rate, 0.5–3.0.
    public var speed = SettingsTable.defaultNumber(speedKey)
    /// Whether silences are shortened.
    public var trimSilence = SettingsTable.defaultFlag(trimSilenceKey)
    /// Whether quiet speech is lifted.
    public var voiceBoost = SettingsTable.defaultFlag(voiceBoostKey)
    /// Seconds an episode that starts from the beginning skips.
    public var skipIntro = SettingsTable.defaultNumber(skipIntroKey)
    /// Seconds before the end where the episode counts as ended (auto-advance and completion).
    public var skipOutro = SettingsTable.defaultNumber(skipOutroKey)
    /// Whether changing the rate by hand (MPRIS Rate) becomes the podcast's speed.
    public var rememberSpeed = SettingsTable.defaultFlag(rememberSpeedKey)

    /// The setting names.
    public static let speedKey = "speed", trimSilenceKey = "trim-silence", voiceBoostKey = "voice-boost"
    public static let skipIntroKey = "skip-intro", skipOutroKey = "skip-outro", rememberSpeedKey = "remember-speed"
    /// Every setting of the profile.
    public static let keys = [speedKey, trimSilenceKey, voiceBoostKey, skipIntroKey, skipOutroKey, rememberSpeedKey]

    /// The speeds allowed (the engine's).
    public static let speeds: ClosedRange<Double> = 0.5...3.0
    /// The longest intro or outro skipped, in seconds.
    public static let longestSkip = 1800.0

    /// The built-in profile.
    public init() {}

    /// The profile read from stored values (`value(key)`; nil: the built-in default). Values were
    /// checked by `normalized` when they were set.
    init(_ value: (String) -> String?) {
        speed = value(Self.speedKey).flatMap(Double.init) ?? speed
        trimSilence = SettingKind.flag(value(Self.trimSilenceKey)) ?? trimSilence
        voiceBoost = SettingKind.flag(value(Self.voiceBoostKey)) ?? voiceBoost
        skipIntro = value(Self.skipIntroKey).flatMap(Double.init) ?? skipIntro
        skipOutro = value(Self.skipOutroKey).flatMap(Double.init) ?? skipOutro
        rememberSpeed = SettingKind.flag(value(Self.rememberSpeedKey)) ?? rememberSpeed
    }

    /// `text` as stored for `key` (on/off, or a number as written), or why it is not a value of `key`.
    public static func normalized(_ key: String, _ text: String) throws(LibraryError) -> String {
        guard keys.contains(key) else { throw .invalidSetting(tr("unknown setting “%s”", "\(key)")) }
        switch SettingsTable.normalized(key, text, in: .file) {
        case .success(let value): return value
        case .failure(let problem): throw .invalidSetting(problem.description)
        }
    }
}
