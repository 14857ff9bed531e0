import EarshotCore
import EarshotLocale
import Foundation

/// Settings from `$XDG_CONFIG_HOME/earshot/earshot.conf` (default `~/.config/earshot/`): the same
/// settings as the command line, one `key = value` per line, `#` starts a comment. Flags win.
///
///     feed = https://example.com/podcast.xml
///     audio-sink = pulsesink
///     refresh-interval = 60
///     state-dir = /home/me/.local/state/earshot
///     cache-dir = /home/me/.cache/earshot
///     verbose = false
///     download-ahead = 3          # the first N of Up Next are kept downloaded
///     max-downloads = 2           # transfers at once (one per host)
///     download-grace = 1d         # a finished episode's file stays this long (or never)
///     download-budget = 2GiB      # the disk the downloaded files may take (or unlimited)
///     auto-download = off         # new episodes of every podcast are downloaded
///
/// and the listening settings of `ListeningOptions` (sleep-fade, the media buttons, the sound profile)
/// and the directory settings of `FindingOptions`.
struct Configuration: Equatable {
    var feed: String?
    var audioSink: String?
    var refreshInterval: UInt32?
    var stateDirectory: String?
    var cacheDirectory: String?
    var verbose: Bool?
    var listening = ListeningOptions()
    var finding = FindingOptions()
    /// The download settings given in the file, over the defaults.
    var downloads = DownloadSettings()

    /// The longest refresh interval accepted, in minutes (a week, as the settings table says).
    static let maximumRefreshMinutes: UInt32 = 10_080

    /// The configuration file's path for this environment.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        return base + "/earshot/earshot.conf"
    }

    /// The settings in the file at `path`; empty when there is no file. A line Earshot cannot read is an
    /// error naming the file and line.
    static func load(from path: String = Configuration.path()) throws -> Configuration {
        guard FileManager.default.fileExists(atPath: path) else { return Configuration() }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            // TRANSLATORS: %s is the configuration file's path.
            throw CommandFailure(tr("cannot read %s", path))
        }
        var configuration = Configuration()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            // TRANSLATORS: a place in the configuration file: its path and a line number, followed by what is wrong there.
            let place = tr("%1$s, line %2$d", path, index + 1)
            guard let equals = trimmed.firstIndex(of: "=") else {
                // TRANSLATORS: a line of the configuration file without "="; %1$s is the place ("FILE, line 3"), %2$s the line.
                throw CommandFailure(tr("%1$s: expected “key = value”, found “%2$s”", place, trimmed))
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            try configuration.set(key, value, at: place)
        }
        return configuration
    }

    /// Takes one line's setting, checked against `SettingsTable` (the file's keys and values are those
    /// of the table), or fails naming the place.
    private mutating func set(_ key: String, _ value: String, at place: String) throws {
        let text: String
        switch SettingsTable.normalized(key, value, in: .file) {
        case .success(let normalized): text = normalized
        case .failure(let problem): throw CommandFailure("\(place): \(problem)")
        }
        switch key {
        case SettingsTable.feed: feed = text
        case SettingsTable.audioSink: audioSink = text
        case SettingsTable.stateDir: stateDirectory = text
        case SettingsTable.cacheDir: cacheDirectory = text
        case SettingsTable.refreshInterval: refreshInterval = UInt32(text)
        case SettingsTable.verbose: verbose = SettingKind.flag(text)
        case _ where ListeningOptions.keys.contains(key): listening.set(key, text)
        case _ where FindingSettings.keys.contains(key): finding.set(key, text)
        default: _ = downloads.apply(key, text)
        }
    }
}
