import EarshotLocale
import Foundation

/// Times and dates as the interface writes them.
public enum Clock {
    /// "4:05" or "1:02:03"; "--:--" for an unknown time.
    public static func time(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "--:--" }
        let whole = Int(min(seconds, 359_999_999))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// The day as the locale writes it ("2024-01-03" in the C locale), in local time.
    public static func day(_ date: Date?) -> String {
        guard let date else { return "" }
        // The C locale's day is written here: a list's rows make no DateFormatter each.
        if LocaleFormat.current.timeLocale != nil { return LocaleFormat.current.day(date) }
        var seconds = time_t(date.timeIntervalSince1970), parts = tm()
        localtime_r(&seconds, &parts)
        return "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))"
    }

    /// How long ago `date` was at `now`: "now", "5 min ago", "3 h ago", "2 days ago"; "never" for nil.
    public static func ago(_ date: Date?, now: Date) -> String {
        guard let date else { return trc("last refresh", "never") }
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return trc("last refresh", "now")
        case ..<3600:
            let minutes = Int(seconds / 60)
            return trn("%d min ago", "%d min ago", minutes, minutes)
        case ..<86_400:
            let hours = Int(seconds / 3600)
            return trn("%d h ago", "%d h ago", hours, hours)
        default:
            let days = Int(seconds / 86_400)
            return trn("%d day ago", "%d days ago", days, days)
        }
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
