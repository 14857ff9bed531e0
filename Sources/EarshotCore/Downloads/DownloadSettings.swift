import Foundation

/// How the automatic downloads behave, library-wide: how many of Up Next to keep ready, how many
/// transfers at once, how long a finished episode's file stays, how much disk the files may take.
/// Stored global settings (`earshot set all KEY VALUE`) override the configuration file's values,
/// which override the defaults.
public struct DownloadSettings: Sendable, Equatable {
    /// The first N of Up Next are downloaded (0: none).
    public var ahead: Int = 3
    /// Transfers at once, in all.
    public var maximum: Int = 2
    /// Transfers at once from one host.
    public var perHost: Int = 1
    /// How long the file of an episode listened to its end stays; nil: forever.
    public var grace: Duration? = .seconds(86_400)
    /// Bytes the downloaded files may take in all; nil: no limit.
    public var budget: Int64? = 2 << 30
    /// Whether new episodes are downloaded for podcasts without their own auto-download setting.
    public var autoDownload = false

    public init() {}

    /// The global keys and the podcast key.
    public static let aheadKey = "download-ahead", maximumKey = "max-downloads", graceKey = "download-grace",
                      budgetKey = "download-budget", autoDownloadKey = "auto-download"
    /// Keys that only have a global value.
    public static let globalKeys = [aheadKey, maximumKey, graceKey, budgetKey]

    /// Applies `value` to `key`; the normalised text to store, or why the value is wrong (one line).
    public mutating func apply(_ key: String, _ value: String) -> Result<String, SettingProblem> {
        var text = value.trimmingCharacters(in: .whitespaces).lowercased()
        // A number sent over D-Bus as a double reads "5.0": a whole number is its integer.
        if let number = Double(text), number.isFinite, number == number.rounded(), abs(number) < 1e15 { text = String(Int64(number)) }
        switch key {
        case Self.aheadKey:
            guard let count = Int(text), (0...100).contains(count) else { return .failure(SettingProblem("\(key) is a number of episodes from 0 to 100, not “\(value)”")) }
            ahead = count
            return .success(String(count))
        case Self.maximumKey:
            guard let count = Int(text), (1...16).contains(count) else { return .failure(SettingProblem("\(key) is a number of downloads from 1 to 16, not “\(value)”")) }
            maximum = count
            return .success(String(count))
        case Self.graceKey:
            guard let seconds = Self.seconds(text) else {
                return .failure(SettingProblem("\(key) is a time like 1d, 12h, 30m or never, not “\(value)”"))
            }
            grace = seconds.map { .seconds($0) }
            return .success(text)
        case Self.budgetKey:
            guard let bytes = Self.bytes(text) else {
                return .failure(SettingProblem("\(key) is a size like 2GiB, 500MB or unlimited, not “\(value)”"))
            }
            budget = bytes
            return .success(text)
        case Self.autoDownloadKey:
            guard let flag = Setting.flag(text) else { return .failure(SettingProblem("\(key) is on or off, not “\(value)”")) }
            autoDownload = flag
            return .success(flag ? "on" : "off")
        default:
            return .failure(SettingProblem("unknown setting “\(key)”"))
        }
    }

    /// `never` → .some(nil); `90s`, `30m`, `12h`, `1d`, `2w` (a bare number: days) → seconds.
    static func seconds(_ text: String) -> Int64?? {
        if text == "never" { return .some(nil) }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var number = Substring(text), unit: Int64 = 86_400
        if let last = text.last, let factor = units[last] {
            number = text.dropLast()
            unit = factor
        }
        guard let value = Int64(number.trimmingCharacters(in: .whitespaces)), value >= 0,
              value <= Int64(Int32.max) else { return nil }
        return .some(value * unit)
    }

    /// `unlimited` → .some(nil); `123`, `500K`, `500MB`, `2GiB`, `1.5G` (K, M, G, T as powers of 1024) → bytes.
    static func bytes(_ text: String) -> Int64?? {
        if text == "unlimited" || text == "none" { return .some(nil) }
        var rest = text.replacingOccurrences(of: " ", with: "")
        for suffix in ["ib", "b"] where rest.hasSuffix(suffix) {
            rest.removeLast(suffix.count)
            break
        }
        let units: [Character: Double] = ["k": 0x1p10, "m": 0x1p20, "g": 0x1p30, "t": 0x1p40]
        var factor = 1.0
        if let last = rest.last, let unit = units[last] {
            factor = unit
            rest.removeLast()
        }
        guard let value = Double(rest), value.isFinite, value >= 0, value * factor < 9e18 else { return nil }
        return .some(Int64(value * factor))
    }
}

/// A setting value that cannot be used, in one plain line.
public struct SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
