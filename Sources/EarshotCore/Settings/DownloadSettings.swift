import EarshotLocale
import Foundation

/// How the automatic downloads behave, library-wide: how many of Up Next to keep ready, how many
/// transfers at once, how long a finished episode's file stays, how much disk the files may take.
/// Stored global settings (`earshot set all KEY VALUE`) override the configuration file's values,
/// which override the defaults (the settings table's).
public struct DownloadSettings: Sendable, Equatable {
    /// The first N of Up Next are downloaded (0: none).
    public var ahead = SettingsTable.defaultCount(aheadKey)
    /// Transfers at once, in all.
    public var maximum = SettingsTable.defaultCount(maximumKey)
    /// Transfers at once from one host.
    public var perHost: Int = 1
    /// How long the file of an episode listened to its end stays; nil: forever.
    public var grace = SettingsTable.defaultSeconds(graceKey).map { Duration.seconds($0) }
    /// Bytes the downloaded files may take in all; nil: no limit.
    public var budget = SettingsTable.defaultBytes(budgetKey)
    /// How many of each podcast's newest downloads are kept (nil: no limit); a podcast may say its own
    /// (`Library.keeping`).
    public var keep = SettingsTable.defaultCount(keepKey) == 0 ? nil : SettingsTable.defaultCount(keepKey)
    /// Whether new episodes are downloaded for podcasts without their own auto-download setting.
    public var autoDownload = SettingsTable.defaultFlag(autoDownloadKey)

    public init() {}

    /// The global keys and the podcast key.
    public static let aheadKey = "download-ahead", maximumKey = "max-downloads", graceKey = "download-grace",
                      budgetKey = "download-budget", autoDownloadKey = "auto-download", keepKey = "keep-downloads"
    /// Keys whose library-wide value is read here (`download-grace` and `keep-downloads` may also be set
    /// per podcast: `Library.keeping`).
    public static let globalKeys = [aheadKey, maximumKey, graceKey, budgetKey, keepKey]

    /// Applies `value` to `key`; the normalised text to store, or why the value is wrong (one line).
    public mutating func apply(_ key: String, _ value: String) -> Result<String, SettingProblem> {
        guard key == Self.autoDownloadKey || Self.globalKeys.contains(key) else {
            return .failure(SettingProblem(tr("unknown setting “%s”", key)))
        }
        return SettingsTable.normalized(key, value, in: .file).map { text in
            switch key {
            case Self.aheadKey: ahead = Int(text) ?? ahead
            case Self.maximumKey: maximum = Int(text) ?? maximum
            case Self.graceKey: grace = SettingKind.seconds(text).map { $0.map { .seconds($0) } } ?? grace
            case Self.budgetKey: budget = SettingKind.bytes(text) ?? budget
            case Self.keepKey: keep = Int(text).map { $0 == 0 ? nil : $0 } ?? keep
            default: autoDownload = SettingKind.flag(text) ?? autoDownload
            }
            return text
        }
    }
}

/// A setting value that cannot be used, in one plain line.
public struct SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
