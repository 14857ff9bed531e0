import Foundation

/// How a podcast sounds: its speed (pitch kept), silence trimming, voice boost, and the intro and outro
/// to skip. Each value comes from the podcast's own setting, else the default every podcast shares
/// (`earshot set all`), else the configuration file, else the built-in default below.
public struct SoundProfile: Sendable, Equatable {
    /// Playback rate, 0.5–3.0.
    public var speed = 1.0
    /// Whether silences are shortened.
    public var trimSilence = false
    /// Whether quiet speech is lifted.
    public var voiceBoost = false
    /// Seconds an episode that starts from the beginning skips.
    public var skipIntro = 0.0
    /// Seconds before the end where the episode counts as ended (auto-advance and completion).
    public var skipOutro = 0.0
    /// Whether changing the rate by hand (MPRIS Rate) becomes the podcast's speed.
    public var rememberSpeed = true

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
        trimSilence = Setting.flag(value(Self.trimSilenceKey)) ?? trimSilence
        voiceBoost = Setting.flag(value(Self.voiceBoostKey)) ?? voiceBoost
        skipIntro = value(Self.skipIntroKey).flatMap(Double.init) ?? skipIntro
        skipOutro = value(Self.skipOutroKey).flatMap(Double.init) ?? skipOutro
        rememberSpeed = Setting.flag(value(Self.rememberSpeedKey)) ?? rememberSpeed
    }

    /// `text` as stored for `key` (on/off, or a number as written), or why it is not a value of `key`.
    public static func normalized(_ key: String, _ text: String) throws(LibraryError) -> String {
        switch key {
        case trimSilenceKey, voiceBoostKey, rememberSpeedKey:
            guard let flag = Setting.flag(text) else { throw .invalidSetting("\(key) is on or off, not “\(text)”") }
            return flag ? "on" : "off"
        case speedKey:
            guard let speed = Double(text), speeds.contains(speed) else {
                throw .invalidSetting("speed is a number from 0.5 to 3.0, not “\(text)”")
            }
            return String(speed)
        case skipIntroKey, skipOutroKey:
            guard let seconds = Double(text), (0...longestSkip).contains(seconds) else {
                throw .invalidSetting("\(key) is a number of seconds from 0 to \(Int(longestSkip)), not “\(text)”")
            }
            return String(seconds)
        default:
            throw .invalidSetting("unknown setting “\(key)”")
        }
    }
}
