import Foundation

/// Dates, times and numbers as the listener's locale writes them: the time locale is the first of
/// `LC_ALL`, `LC_TIME` and `LANG` that is set, the number locale the first of `LC_ALL`, `LC_NUMERIC` and
/// `LANG`. In the C and POSIX locales (and when none is set) Earshot writes what it always has: ISO days
/// (2026-11-28), a 24-hour clock and plain digits, so scripts and tests read the same text everywhere.
/// `--json` never goes through here.
public struct LocaleFormat: Sendable {
    /// The ICU locale for dates and times, or nil for the C locale.
    public let timeLocale: Locale?
    /// The ICU locale for numbers, or nil for the C locale.
    public let numberLocale: Locale?

    /// The conventions the environment names.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        timeLocale = Self.locale(named: Self.first(["LC_ALL", "LC_TIME", "LANG"], in: environment))
        numberLocale = Self.locale(named: Self.first(["LC_ALL", "LC_NUMERIC", "LANG"], in: environment))
    }

    /// The conventions of this process's environment.
    public static let current = LocaleFormat()

    /// A calendar day: "2026-11-28" in C, "28.11.2026" in German, "2026/11/28" in Japanese.
    public func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        format(date, template: "yMMdd", posix: "yyyy-MM-dd", timeZone: timeZone)
    }

    /// A time of day without seconds: "14:05" in C and German, "2:05 PM" in American English.
    public func time(_ date: Date, timeZone: TimeZone = .current) -> String {
        format(date, template: "jmm", posix: "HH:mm", timeZone: timeZone)
    }

    /// A day and a time: "2026-11-28 14:05" in C, "28.11.2026, 14:05" in German.
    public func dayAndTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        format(date, template: "yMMddjmm", posix: "yyyy-MM-dd HH:mm", timeZone: timeZone)
    }

    /// A whole number with the locale's grouping: "12345" in C, "12.345" in German, "12,345" in English.
    public func integer(_ value: Int) -> String {
        guard let numberLocale else { return String(value) }
        return number(value as NSNumber, fractionDigits: 0, locale: numberLocale)
    }

    /// A number with `fractionDigits` digits after the locale's decimal sign: "1.5" in C, "1,5" in German.
    public func decimal(_ value: Double, fractionDigits: Int) -> String {
        guard let numberLocale else { return String(format: "%.\(fractionDigits)f", value) }
        return number(value as NSNumber, fractionDigits: fractionDigits, locale: numberLocale)
    }

    private func number(_ value: NSNumber, fractionDigits: Int, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = fractionDigits
        formatter.maximumFractionDigits = fractionDigits
        return formatter.string(from: value) ?? value.description
    }

    private func format(_ date: Date, template: String, posix: String, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        if let timeLocale {
            formatter.locale = timeLocale
            formatter.setLocalizedDateFormatFromTemplate(template)
        } else {
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = posix
        }
        return formatter.string(from: date)
    }

    private static func first(_ names: [String], in environment: [String: String]) -> String? {
        names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// "de_DE.UTF-8@euro" → de_DE; C, POSIX, C.UTF-8 and nothing → nil.
    static func locale(named name: String?) -> Locale? {
        guard let name else { return nil }
        let bare = String(name.prefix { $0 != "." && $0 != "@" })
        guard !bare.isEmpty, bare != "C", bare != "POSIX" else { return nil }
        return Locale(identifier: bare)
    }
}
