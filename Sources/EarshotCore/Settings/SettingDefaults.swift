import Foundation

/// The built-in defaults, read from the settings table as each setting's kind reads a value: the table is
/// the one place a default is written, and the value types (`DownloadSettings`, `SoundProfile`, the
/// listening options) start from these.
extension SettingsTable {
    /// `key`'s default as stored. A key without a readable default is a mistake in the table, which
    /// `SettingsTableTests` rules out for every key read here.
    static func builtIn(_ key: String) -> String {
        guard let definition = definition(key), let value = definition.kind.normalized(definition.defaultValue) else {
            preconditionFailure("the settings table has no readable default for \(key)")
        }
        return value
    }

    /// The default of an on-or-off setting.
    public static func defaultFlag(_ key: String) -> Bool { SettingKind.flag(builtIn(key)) ?? false }

    /// The default of a decimal setting.
    public static func defaultNumber(_ key: String) -> Double { Double(builtIn(key)) ?? 0 }

    /// The default of a whole-number setting.
    public static func defaultCount(_ key: String) -> Int { Int(builtIn(key)) ?? 0 }

    /// The default of a time setting, in seconds; nil: never.
    public static func defaultSeconds(_ key: String) -> Int64? { SettingKind.seconds(builtIn(key)) ?? nil }

    /// The default of a size setting, in bytes; nil: unlimited.
    public static func defaultBytes(_ key: String) -> Int64? { SettingKind.bytes(builtIn(key)) ?? nil }
}
