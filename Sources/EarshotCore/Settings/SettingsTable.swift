import EarshotLocale
import Foundation

/// Where a setting can be given: for one podcast (`earshot set PODCAST`), for the whole library
/// (`earshot set all`, D-Bus `Set` with podcast 0; stored), or in the configuration file.
public enum SettingScope: String, Sendable, CaseIterable {
    case podcast, library, file
}

/// One setting: its name, the values it takes, its default and where it can be given. The table of
/// them (`SettingsTable.all`) is the one place each key is defined.
public struct SettingDefinition: Sendable {
    public let key: String
    public let kind: SettingKind
    /// The default, as written in the configuration file (or a description of it).
    public let defaultValue: String
    public let scopes: Set<SettingScope>
    /// What it does, in a few words: marked with `N_` where the table is written, translated where shown.
    public let summaryMessage: StaticString
    /// What it does, in a few words, in the listener's language (English in the C locale: the README).
    public var summary: String { tr(marked: summaryMessage) }

    init(key: String, kind: SettingKind, defaultValue: String, scopes: Set<SettingScope>, summary: StaticString) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.scopes = scopes
        self.summaryMessage = summary
    }

    /// Where it can be given, as the README and the manual say it: "podcast, all, file" (all: `earshot set all`).
    public var places: String {
        SettingScope.allCases.filter(scopes.contains).map { scope in
            switch scope {
            case .podcast: "podcast"
            case .library: "all"
            case .file: "file"
            }
        }.joined(separator: ", ")
    }

    /// `text` as stored, or why it is not a value of this setting, in one line.
    public func normalized(_ text: String) -> Result<String, SettingProblem> {
        if let value = kind.normalized(text) { return .success(value) }
        // TRANSLATORS: %1$s is a setting's name (keep it), %2$s the values it takes ("on or off"), %3$s what was given.
        return .failure(SettingProblem(tr("%1$s is %2$s, not “%3$s”", key, kind.form, text)))
    }
}

/// Every setting Earshot knows, each once. The configuration file, D-Bus `Set`, `earshot set` and the
/// README's settings table all read this (a test keeps the README equal to `markdown`).
public enum SettingsTable {
    public static let autoQueue = "auto-queue", notify = "notify"
    public static let sleepFade = "sleep-fade", nextButton = "next-button", previousButton = "previous-button"
    public static let feed = "feed", audioSink = "audio-sink", refreshInterval = "refresh-interval"
    public static let stateDir = "state-dir", cacheDir = "cache-dir", verbose = "verbose"

    private static let everywhere: Set<SettingScope> = [.podcast, .library, .file]
    private static let shared: Set<SettingScope> = [.library, .file]

    /// The settings, in the order the README lists them.
    public static let all: [SettingDefinition] = [
        .init(key: autoQueue, kind: .flag, defaultValue: "on", scopes: [.podcast, .library],
              summary: N_("new episodes go to the end of Up Next (off for an OPML import)")),
        .init(key: notify, kind: .flag, defaultValue: "on", scopes: [.podcast, .library],
              summary: N_("a refresh that finds new episodes posts a notification")),
        .init(key: DownloadSettings.autoDownloadKey, kind: .flag, defaultValue: "off", scopes: everywhere,
              summary: N_("new episodes are downloaded as a refresh finds them")),
        .init(key: AutoDownloadFilter.includeKey, kind: .text, defaultValue: "none", scopes: [.podcast, .library],
              summary: N_("auto-download only episodes whose title has one of these words (commas between; none: any)")),
        .init(key: AutoDownloadFilter.excludeKey, kind: .text, defaultValue: "none", scopes: [.podcast, .library],
              summary: N_("auto-download no episode whose title has one of these words (commas between)")),
        .init(key: AutoDownloadFilter.minimumKey, kind: .count(0...1_440, unit: "minutes"), defaultValue: "0", scopes: [.podcast, .library],
              summary: N_("auto-download only episodes at least this long (0: any length)")),
        .init(key: AutoDownloadFilter.maximumKey, kind: .count(0...1_440, unit: "minutes"), defaultValue: "0", scopes: [.podcast, .library],
              summary: N_("auto-download only episodes at most this long (0: any length)")),
        .init(key: DownloadSettings.aheadKey, kind: .count(0...100, unit: "episodes"), defaultValue: "3", scopes: shared,
              summary: N_("the first N of Up Next are kept downloaded")),
        .init(key: DownloadSettings.maximumKey, kind: .count(1...16, unit: "downloads"), defaultValue: "2", scopes: shared,
              summary: N_("downloads at once (one per server)")),
        .init(key: DownloadSettings.graceKey, kind: .timeSpan, defaultValue: "1d", scopes: everywhere,
              summary: N_("how long a finished episode's file stays")),
        .init(key: DownloadSettings.keepKey, kind: .count(0...10_000, unit: "downloads"), defaultValue: "0", scopes: everywhere,
              summary: N_("each podcast keeps only its newest N downloads (0: no limit)")),
        .init(key: DownloadSettings.budgetKey, kind: .size, defaultValue: "2GiB", scopes: shared,
              summary: N_("the disk the downloaded files may take")),
        .init(key: AudioChoice.key, kind: .text, defaultValue: "the feed's enclosure", scopes: [.podcast, .library],
              summary: N_("formats downloads prefer among a feed's alternate files, in order (opus,mp3)")),
        .init(key: SoundProfile.speedKey, kind: .number(SoundProfile.speeds, unit: ""), defaultValue: "1.0", scopes: everywhere,
              summary: N_("playback speed, pitch kept")),
        .init(key: SoundProfile.trimSilenceKey, kind: .flag, defaultValue: "off", scopes: everywhere,
              summary: N_("silences are shortened")),
        .init(key: SoundProfile.voiceBoostKey, kind: .flag, defaultValue: "off", scopes: everywhere,
              summary: N_("quiet speech is lifted")),
        .init(key: SoundProfile.skipIntroKey, kind: .number(0...SoundProfile.longestSkip, unit: "seconds"), defaultValue: "0",
              scopes: everywhere, summary: N_("seconds an episode started from the beginning skips")),
        .init(key: SoundProfile.skipOutroKey, kind: .number(0...SoundProfile.longestSkip, unit: "seconds"), defaultValue: "0",
              scopes: everywhere, summary: N_("seconds before the end where an episode counts as ended")),
        .init(key: SoundProfile.rememberSpeedKey, kind: .flag, defaultValue: "on", scopes: everywhere,
              summary: N_("a speed changed by hand (MPRIS Rate) becomes the podcast's")),
        .init(key: Transcription.settingKey, kind: .flag, defaultValue: "on", scopes: [.podcast, .library],
              summary: N_("downloaded episodes without a transcript are transcribed on this computer (once the engine is installed)")),
        .init(key: sleepFade, kind: .number(0...60, unit: "seconds"), defaultValue: "10", scopes: [.file],
              summary: N_("how long the sleep timer fades out")),
        .init(key: nextButton, kind: .choice(ButtonAction.allCases.map(\.rawValue)), defaultValue: "episode", scopes: [.file],
              summary: N_("what MPRIS Next (the media key) does")),
        .init(key: previousButton, kind: .choice(ButtonAction.allCases.map(\.rawValue)), defaultValue: "episode", scopes: [.file],
              summary: N_("what MPRIS Previous does")),
        .init(key: feed, kind: .text, defaultValue: "the current podcast", scopes: [.file],
              summary: N_("the podcast made current at start (--feed)")),
        .init(key: audioSink, kind: .text, defaultValue: "$EARSHOT_AUDIO_SINK, else autoaudiosink", scopes: [.file],
              summary: N_("the GStreamer audio output (--audio-sink)")),
        .init(key: refreshInterval, kind: .count(1...10_080, unit: "minutes"), defaultValue: "30", scopes: [.file],
              summary: N_("time between refreshes of every podcast (--refresh-interval)")),
        .init(key: stateDir, kind: .text, defaultValue: "$XDG_STATE_HOME/earshot", scopes: [.file],
              summary: N_("where the database lives (--state-dir)")),
        .init(key: cacheDir, kind: .text, defaultValue: "$XDG_CACHE_HOME/earshot", scopes: [.file],
              summary: N_("where cover art is cached (--cache-dir)")),
        .init(key: verbose, kind: .flag, defaultValue: "off", scopes: [.file],
              summary: N_("debug lines in the log (--verbose)")),
    ] + FindingSettings.definitions

    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The setting named `key`.
    public static func definition(_ key: String) -> SettingDefinition? { byKey[key] }

    /// The keys that can be given in `scope`.
    public static func keys(in scope: SettingScope) -> [String] { all.filter { $0.scopes.contains(scope) }.map(\.key) }

    /// The setting named `key` as it can be given in `scope`, or why not, in one line.
    public static func lookUp(_ key: String, in scope: SettingScope) -> Result<SettingDefinition, SettingProblem> {
        guard let definition = byKey[key] else {
            // TRANSLATORS: %2$s lists the settings' names, which stay as they are.
            return .failure(SettingProblem(tr("unknown setting “%1$s” (known: %2$s)", key, keys(in: scope).joined(separator: ", "))))
        }
        guard definition.scopes.contains(scope) else {
            let problem = switch scope {
            case .podcast where definition.scopes.contains(.library):
                tr("%s is a setting of the whole library: set it for all podcasts (podcast 0)", key)
            case .podcast, .library: tr("%s is set in the configuration file, not per podcast or library", key)
            case .file: tr("%s is set with earshot set, not in the configuration file", key)
            }
            return .failure(SettingProblem(problem))
        }
        return .success(definition)
    }

    /// `value` for `key` given in `scope`, as stored; or why not.
    public static func normalized(_ key: String, _ value: String, in scope: SettingScope) -> Result<String, SettingProblem> {
        lookUp(key, in: scope).flatMap { $0.normalized(value) }
    }

    /// The README's settings table (in the listener's language: English in the C locale).
    public static var markdown: String {
        (["| setting | value | default | where | what it does |", "|---|---|---|---|---|"] + all.map { definition in
            "| `\(definition.key)` | \(definition.kind.form) | \(definition.defaultValue) | \(definition.places) | \(definition.summary) |"
        }).joined(separator: "\n")
    }
}
