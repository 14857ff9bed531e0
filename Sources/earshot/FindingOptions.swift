import EarshotCore
import EarshotFeed
import Foundation

/// The configuration file's directory settings (`FindingSettings`): which directories `earshot search`
/// asks and for how long, where each lives, and Podcast Index's key and secret. Without a
/// `directories` line, the default is itunes and fyyd, and podcastindex too once its key and secret
/// are both set.
struct FindingOptions: Equatable {
    var directories: [Directory]?
    var timeoutSeconds: Int?
    var endpoints = DirectoryEndpoints()

    /// Takes `key = value`, the value already checked against `SettingsTable`.
    mutating func set(_ key: String, _ value: String) {
        switch key {
        case FindingSettings.directoriesKey:
            directories = SettingKind.list(value, of: Directory.allCases.map(\.rawValue))?.compactMap(Directory.init(rawValue:))
        case FindingSettings.timeoutKey: timeoutSeconds = Int(value)
        case FindingSettings.urlKey(.itunes): endpoints.itunes = URL(string: value) ?? endpoints.itunes
        case FindingSettings.urlKey(.fyyd): endpoints.fyyd = URL(string: value) ?? endpoints.fyyd
        case FindingSettings.urlKey(.podcastindex): endpoints.podcastIndex = URL(string: value) ?? endpoints.podcastIndex
        case FindingSettings.podcastIndexKeyKey: endpoints.podcastIndexKey = value
        case FindingSettings.podcastIndexSecretKey: endpoints.podcastIndexSecret = value
        default: break
        }
    }

    /// What the session's finder is told.
    var settings: Finder.Settings {
        let chosen = directories ?? [.itunes, .fyyd] + (endpoints.hasPodcastIndexKey ? [.podcastindex] : [])
        return Finder.Settings(directories: chosen, timeout: .seconds(timeoutSeconds ?? Int(Finder.Settings.defaultTimeout.components.seconds)))
    }
}
