import EarshotFeed
import EarshotLocale

/// The configuration file's settings of directory search: which directories are asked, for how long,
/// where each lives (a mirror or a test server may stand in) and Podcast Index's key and secret.
///
///     directories = itunes, fyyd           # some of itunes, fyyd, podcastindex (or none)
///     directory-timeout = 10               # seconds each directory has to answer
///     itunes-url = https://itunes.apple.com
///     fyyd-url = https://api.fyyd.de
///     podcastindex-url = https://api.podcastindex.org
///     podcastindex-key = …                 # from api.podcastindex.org; with the secret, it adds
///     podcastindex-secret = …              # podcastindex to the default directories
public enum FindingSettings {
    public static let directoriesKey = "directories", timeoutKey = "directory-timeout"
    public static let podcastIndexKeyKey = "podcastindex-key", podcastIndexSecretKey = "podcastindex-secret"

    /// The key of a directory's base URL: `itunes-url`, `fyyd-url`, `podcastindex-url`.
    public static func urlKey(_ directory: Directory) -> String { directory.rawValue + "-url" }

    /// Every key of this part of the file.
    public static var keys: [String] { definitions.map(\.key) }

    static let definitions: [SettingDefinition] = [
        .init(key: directoriesKey, kind: .list(Directory.allCases.map(\.rawValue)),
              defaultValue: "itunes, fyyd (and podcastindex once its key and secret are set)", scopes: [.file],
              summary: N_("the directories earshot search asks, in order of preference")),
        .init(key: timeoutKey, kind: .count(1...60, unit: "seconds"), defaultValue: "10", scopes: [.file],
              summary: N_("how long each directory has to answer")),
        .init(key: urlKey(.itunes), kind: .address, defaultValue: DirectoryEndpoints.defaultITunes.absoluteString, scopes: [.file],
              summary: N_("where Apple's iTunes Search API (search, lookups, charts) is asked")),
        .init(key: urlKey(.fyyd), kind: .address, defaultValue: DirectoryEndpoints.defaultFyyd.absoluteString, scopes: [.file],
              summary: N_("where fyyd's API is asked")),
        .init(key: urlKey(.podcastindex), kind: .address, defaultValue: DirectoryEndpoints.defaultPodcastIndex.absoluteString,
              scopes: [.file], summary: N_("where the Podcast Index API is asked")),
        .init(key: podcastIndexKeyKey, kind: .text, defaultValue: "none", scopes: [.file],
              summary: N_("your Podcast Index API key")),
        .init(key: podcastIndexSecretKey, kind: .text, defaultValue: "none", scopes: [.file],
              summary: N_("your Podcast Index API secret")),
    ]
}
