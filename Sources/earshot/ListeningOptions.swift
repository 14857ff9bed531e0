import EarshotCore

/// The configuration file's listening settings: the sleep timer's fade, what the media buttons do,
/// and the sound profile every podcast starts from.
///
///     sleep-fade = 10            # seconds, 0 to 60
///     next-button = chapter      # episode, chapter or skip-30s
///     previous-button = skip-30s
///     speed = 1.2                # and trim-silence, voice-boost, skip-intro, skip-outro, remember-speed
struct ListeningOptions: Equatable {
    var sleepFadeSeconds: Double?
    var nextButton: ButtonAction?
    var previousButton: ButtonAction?
    /// Sound-profile defaults, as written (checked when read, see `set`).
    var soundProfile: [String: String] = [:]

    /// The keys this part of the file knows.
    static let keys = [SettingsTable.sleepFade, SettingsTable.nextButton, SettingsTable.previousButton] + SoundProfile.keys

    /// Takes `key = value`, the value already checked against `SettingsTable`.
    mutating func set(_ key: String, _ value: String) {
        switch key {
        case SettingsTable.sleepFade: sleepFadeSeconds = Double(value)
        case SettingsTable.nextButton: nextButton = ButtonAction(rawValue: value)
        case SettingsTable.previousButton: previousButton = ButtonAction(rawValue: value)
        default: soundProfile[key] = value
        }
    }

    /// Puts the options on the daemon's listening and library.
    func apply(to listening: Listening, _ library: Library) throws {
        if let sleepFadeSeconds { listening.sleepFade = .milliseconds(Int64(sleepFadeSeconds * 1000)) }
        listening.buttons = MediaButtons(next: nextButton ?? .builtIn(SettingsTable.nextButton),
                                         previous: previousButton ?? .builtIn(SettingsTable.previousButton))
        do throws(LibraryError) {
            try library.configureDefaults(soundProfile)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
