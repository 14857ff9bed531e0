import EarshotCore
import Foundation

/// Durations, positions and instants as the command line shows them.
enum TimeText {
    /// A position or length: "12:03", "1:02:03"; "?" when unknown.
    static func clock(_ seconds: Double?) -> String { ClockText.clock(seconds) ?? "?" }

    /// A rough span for an estimate: "40 s", "3 min", "1 h 5 min".
    static func approximate(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        if total < 60 { return "\(total) s" }
        let minutes = (total + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// How long ago `date` was: "just now", "5 min ago", "3 h ago", "2 days ago", else the day.
    static func ago(_ date: Date, now: Date = Date(), timeZone: TimeZone = .current) -> String {
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<0: return day(date, timeZone: timeZone)
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        case ..<(86_400 * 2): return "yesterday"
        case ..<(86_400 * 30): return "\(Int(seconds / 86_400)) days ago"
        default: return day(date, timeZone: timeZone)
        }
    }

    /// The calendar day: "2026-11-23".
    static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
