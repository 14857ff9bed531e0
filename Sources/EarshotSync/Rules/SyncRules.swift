import EarshotFeed
import EarshotLocale
import EarshotStore
import Foundation

/// The sync rules that need no server and no store: which place an action means, which of several
/// actions for an episode counts, how two libraries merge the first time, how audio addresses compare,
/// how the API's timestamps read and write.
public enum SyncRules {
    /// The place a received action gives its episode: a `play` its position (finished when within the
    /// end by `finished`, the listening rule this library uses for itself), `new` the start, unplayed;
    /// nil for the other kinds.
    public static func place(of action: EpisodeAction, finished: (_ position: Double, _ duration: Double?) -> Bool)
        -> (position: Double, completed: Bool)? {
        switch action.kind {
        case .play:
            guard let position = action.position, position >= 0 else { return nil }
            let total = action.total.flatMap { $0 > 0 ? Double($0) : nil }
            let seconds = Double(position)
            let completed = finished(seconds, total)
            return (completed ? (total ?? seconds) : seconds, completed)
        case .new:
            return (0, false)
        case .download, .delete:
            return nil
        }
    }

    /// Whether an action says where its episode is: a `play` with a position, or `new`.
    static func carriesPlace(_ action: EpisodeAction) -> Bool {
        place(of: action, finished: { _, _ in false }) != nil
    }

    /// The newest action per episode (podcast and audio address), among those that carry a place.
    /// Oldest first (equal times in the order received). The table holds each episode's index, not its
    /// action, sized for all of them at once: a first sync reads 60,000 actions.
    public static func newestPerEpisode(_ actions: [EpisodeAction]) -> [EpisodeAction] {
        struct Episode: Hashable { var podcast: String; var episode: String }
        var newest: [Episode: Int] = [:]
        newest.reserveCapacity(actions.count)
        for (index, action) in actions.enumerated() where carriesPlace(action) {
            let key = Episode(podcast: action.podcast, episode: action.episode)
            if let known = newest[key], actions[known].timestamp >= action.timestamp { continue }
            newest[key] = index
        }
        return newest.values.sorted { (actions[$0].timestamp, $0) < (actions[$1].timestamp, $1) }.map { actions[$0] }
    }

    /// How long a received action waits for its episode, and how many wait at most (the newest).
    public static let longestWaiting: TimeInterval = 30 * 86_400, mostWaiting = 10_000

    /// Actions that would wait (oldest first), without those older than `longestWaiting` before `now`
    /// and beyond the newest `mostWaiting`: what still waits, and what is forgotten.
    public static func bounded(waiting: [EpisodeAction], now: Date) -> (waiting: [EpisodeAction], forgotten: [EpisodeAction]) {
        let since = now.addingTimeInterval(-longestWaiting)
        var kept = waiting.filter { $0.timestamp >= since }
        var forgotten = waiting.filter { $0.timestamp < since }
        if kept.count > mostWaiting {
            forgotten += kept.prefix(kept.count - mostWaiting)
            kept = Array(kept.suffix(mostWaiting))
        }
        return (kept, forgotten)
    }

    /// The most addresses one subscriptions reply may name (added and removed together). A listener's
    /// account holds hundreds; a hostile 64 MiB reply held millions, each looked at on the loop.
    public static let mostSubscriptionChanges = 10_000

    /// Why a subscriptions reply is refused whole (nothing in it adopted, the cursor kept), or nil.
    public static func subscriptionsProblem(_ delta: SubscriptionDelta) -> String? {
        let count = delta.add.count + delta.remove.count
        guard count > mostSubscriptionChanges else { return nil }
        return tr("the server sent %1$d subscription changes at once; Earshot takes at most %2$d", count, mostSubscriptionChanges)
    }

    /// How far ahead of this computer's clock another device's may be.
    public static let clockSkew: TimeInterval = 300

    /// A received time, at most `now` and the clock skew: a device whose clock says the year 9999 does
    /// not make its place the last listen for ever (a listen here later still wins).
    public static func clamped(_ time: Date, now: Date) -> Date {
        min(time, now.addingTimeInterval(clockSkew))
    }

    /// Whether a podcast's address means the same to other devices: http and https only (a `file:` feed
    /// is this computer's own).
    public static func isSyncable(_ address: String) -> Bool {
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The first sync of two libraries is a union: what the server lacks is uploaded, what this
    /// library lacks is subscribed; nothing is removed on either side.
    public static func union(local: Set<String>, remote: Set<String>) -> (upload: [String], subscribe: [String]) {
        (local.subtracting(remote).sorted(), remote.subtracting(local).sorted())
    }

    /// An address with its percent-encoding normalised: unreserved characters decoded, the other escapes
    /// in upper case (`%7e` and `~` are the same address; so are `%2f` and `%2F`).
    public static func normalised(_ address: String) -> String {
        guard address.utf8.contains(UInt8(ascii: "%")) else { return address }
        var result: [UInt8] = []
        var bytes = Array(address.utf8)[...]
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            guard byte == UInt8(ascii: "%"), bytes.count >= 2,
                  let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) else {
                result.append(byte)
                continue
            }
            bytes = bytes.dropFirst(2)
            result += unreserved.contains(value) ? [value] : Array(String(format: "%%%02X", value).utf8)
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension SyncRules {
    /// A timestamp as servers write it, read leniently: ISO 8601 with or without a zone (none means
    /// UTC), `Z` or an offset, with or without fractions of a second, a space for the `T`; or a number
    /// of seconds since 1970.
    public static func timestamp(_ text: String) -> Date? {
        if let plain = plainTimestamp(text) { return plain }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        var iso = trimmed.replacingOccurrences(of: " ", with: "T")
        guard iso.count >= 19 else { return nil }
        let tail = iso.dropFirst(19)
        let hasZone = tail.contains("Z") || tail.contains("z") || tail.contains("+") || tail.contains("-")
        if !hasZone { iso += "Z" }
        iso = iso.uppercased()
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: iso) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: iso)
    }

    /// The characters an address never needs to escape (RFC 3986's unreserved set).
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// The API's own form, `YYYY-MM-DDTHH:MM:SS` (UTC) with an optional `Z`, read without a formatter:
    /// a first sync reads tens of thousands of them.
    static func plainTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 || (bytes.count == 20 && (bytes[19] == UInt8(ascii: "Z") || bytes[19] == UInt8(ascii: "z"))),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        // Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// A timestamp as the API writes it: UTC, to the second (a fraction dropped), without a zone
    /// (`2026-11-24T09:30:00`); written without a formatter (`ISO8601Text`), as `plainTimestamp` reads
    /// it: an upload carries hundreds, written on the loop.
    public static func apiTimestamp(_ date: Date) -> String {
        String(ISO8601Text.string(from: date).dropLast())  // without its `Z`
    }
}
