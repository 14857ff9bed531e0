import EarshotCore
import EarshotLocale
import Foundation

/// Durations, positions and instants as the command line shows them, in the listener's language and
/// with the locale's days (ISO in the C locale).
enum TimeText {
    /// A position or length: "12:03", "1:02:03"; "?" when unknown.
    static func clock(_ seconds: Double?) -> String { ClockText.clock(seconds) ?? "?" }

    /// A rough span for an estimate: "40 s", "3 min", "1 h 5 min".
    static func approximate(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        // TRANSLATORS: a rough duration in seconds, as in "~40 s left"; keep it short.
        if total < 60 { return trn("%d s", "%d s", total, total) }
        let minutes = (total + 30) / 60
        // TRANSLATORS: a rough duration in minutes, as in "~3 min left"; keep it short.
        if minutes < 60 { return trn("%d min", "%d min", minutes, minutes) }
        // TRANSLATORS: a rough duration in whole hours, as in "~2 h left"; keep it short.
        if minutes % 60 == 0 { return trn("%d h", "%d h", minutes / 60, minutes / 60) }
        // TRANSLATORS: a rough duration, hours then minutes, as in "~1 h 5 min left"; keep it short.
        return tr("%1$d h %2$d min", minutes / 60, minutes % 60)
    }

    /// How long ago `date` was: "just now", "5 min ago", "3 h ago", "2 days ago", else the day.
    static func ago(_ date: Date, now: Date = Date(), timeZone: TimeZone = .current) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<0: return day(date, timeZone: timeZone)
        // TRANSLATORS: when a feed was last checked or a list was made, under a minute ago; keep it short (a table cell).
        case ..<60: return tr("just now")
        // TRANSLATORS: how long ago, in minutes (a table cell: keep it short).
        case ..<3600: return trn("%d min ago", "%d min ago", Int(seconds / 60), Int(seconds / 60))
        // TRANSLATORS: how long ago, in hours (a table cell: keep it short).
        case ..<86_400: return trn("%d h ago", "%d h ago", Int(seconds / 3600), Int(seconds / 3600))
        // TRANSLATORS: a day ago (a table cell: keep it short).
        case ..<(86_400 * 2): return tr("yesterday")
        // TRANSLATORS: how long ago, in days (2 to 29; a table cell: keep it short).
        case ..<(86_400 * 30): return trn("%d day ago", "%d days ago", Int(seconds / 86_400), Int(seconds / 86_400))
        default: return day(date, timeZone: timeZone)
        }
    }

    /// The calendar day as the locale writes it: "2026-11-23" in the C locale, "23.11.2026" in German.
    static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        LocaleFormat.current.day(date, timeZone: timeZone)
    }
}
