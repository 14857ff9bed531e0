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
    static let keys = ["sleep-fade", "next-button", "previous-button"] + SoundProfile.keys

    /// Takes `key = value`, or says why not.
    mutating func set(_ key: String, _ value: String, at place: String) throws {
        switch key {
        case "sleep-fade":
            guard let seconds = Double(value), (0...60).contains(seconds) else {
                throw CommandFailure("\(place): sleep-fade must be a number of seconds from 0 to 60")
            }
            sleepFadeSeconds = seconds
        case "next-button", "previous-button":
            guard let action = ButtonAction(rawValue: value) else {
                throw CommandFailure("\(place): \(key) must be episode, chapter or skip-30s")
            }
            if key == "next-button" { nextButton = action } else { previousButton = action }
        default:
            do throws(LibraryError) {
                soundProfile[key] = try SoundProfile.normalized(key, value)
            } catch {
                throw CommandFailure("\(place): \(error)")
            }
        }
    }

    /// Puts the options on the daemon's player and library.
    func apply(to player: Player, _ library: Library) throws {
        if let sleepFadeSeconds { player.sleepFade = .milliseconds(Int64(sleepFadeSeconds * 1000)) }
        player.buttons = MediaButtons(next: nextButton ?? .episode, previous: previousButton ?? .episode)
        do throws(LibraryError) {
            try library.configureDefaults(soundProfile)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
