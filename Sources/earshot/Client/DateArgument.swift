import ArgumentParser
import EarshotLocale
import Foundation

/// An instant as a person types it on the command line: a day (`2026-11-01`, `today`, `yesterday`: local
/// midnight), a moment in ISO 8601 (`2026-11-01T08:30:00Z`), or a span back from now (`30d`, `2w`, `6m`,
/// `1y`, `12h`).
struct DateArgument: ExpressibleByArgument, Equatable {
    /// The instant meant.
    let date: Date

    init(date: Date) {
        self.date = date
    }

    init?(argument: String) {
        guard let date = Self.parse(argument, now: Date()) else { return nil }
        self.date = date
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// The instant `text` names, counting spans back from `now`; nil when it names none.
    static func parse(_ text: String, now: Date, timeZone: TimeZone = .current) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if text == "today" || text == "yesterday" {
            return calendar.date(byAdding: .day, value: text == "today" ? 0 : -1, to: calendar.startOfDay(for: now))
        }
        if let unit = text.last, let count = Int(text.dropLast()), count >= 0, count <= 100_000 {
            let component: Calendar.Component? = switch unit {
            case "h": .hour
            case "d": .day
            case "w": .weekOfYear
            case "m": .month
            case "y": .year
            default: nil
            }
            if let component { return calendar.date(byAdding: component, value: -count, to: now) }
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day) {
            let components = DateComponents(year: year, month: month, day: day)
            guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
            return date
        }
        return ISO8601DateFormatter().date(from: text.uppercased())
    }

    /// What such an argument may be, for an option's help ("Only since then: …").
    static var help: String {
        // TRANSLATORS: part of an option's help: what a date argument may be. "today", "yesterday", "12h", "30d", "2w",
        // "6m" and "1y" are what the listener types: keep them as they are.
        tr("a day (2026-11-01, today, yesterday), an ISO 8601 moment, or a span back from now (12h, 30d, 2w, 6m, 1y)")
    }
}
