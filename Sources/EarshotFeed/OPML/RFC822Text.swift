import Foundation

/// Writes an instant as RFC 822 in GMT (`Mon, 23 Nov 2026 10:38:08 GMT`), OPML's `dateCreated` form,
/// without loading ICU's time-zone data (as `ISO8601Text`).
enum RFC822Text {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(from date: Date) -> String {
        // ISO 8601's `2026-11-23T10:38:08Z` carries every field but the weekday.
        let iso = ISO8601Text.string(from: date).dropLast()
        let dateAndTime = iso.split(separator: "T")
        let ymd = dateAndTime[0].split(separator: "-")
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(ymd[2]) \(months[Int(ymd[1])! - 1]) \(ymd[0]) \(dateAndTime[1]) GMT"
    }
}
