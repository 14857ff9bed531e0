import Foundation

/// When a failing server is asked again. A server that could not be reached or answered with an error
/// waits a minute, then twice as long after each failure in a row, up to an hour; a `Retry-After` it
/// sent is honoured when longer (up to a day). A refused user name or password is not tried again by
/// itself (a server's brute-force lock would trip): only a new login or `earshot sync now` tries it.
/// A sync that goes through ends the waiting.
public struct SyncBackoff: Sendable, Equatable {
    /// The first wait, and the longest one the doubling reaches.
    public static let firstWait: TimeInterval = 60, longestWait: TimeInterval = 3_600
    /// The longest `Retry-After` honoured.
    public static let longestRetryAfter: TimeInterval = 86_400

    /// Failures in a row.
    public private(set) var failures = 0
    /// No sync starts by itself before this time (nil: any time).
    public private(set) var until: Date?
    /// The server refused the account: no sync starts by itself until asked.
    public private(set) var refused = false

    public init() {}

    /// Whether a sync may start by itself at `now` (one asked for always may).
    public func allows(at now: Date) -> Bool {
        !refused && (until.map { now >= $0 } ?? true)
    }

    /// A sync failed with `failure` at `now`.
    public mutating func failed(_ failure: SyncFailure, at now: Date) {
        failures += 1
        switch failure {
        case .unauthorized:
            refused = true
            until = nil
        case .unreachable, .server:
            refused = false
            until = now.addingTimeInterval(Self.wait(afterFailures: failures))
        case .busy(_, let retryAfter):
            refused = false
            let asked = min(max(retryAfter ?? 0, 0), Self.longestRetryAfter)
            until = now.addingTimeInterval(max(Self.wait(afterFailures: failures), asked))
        }
    }

    /// A sync went through.
    public mutating func succeeded() {
        self = SyncBackoff()
    }

    /// The wait after `failures` failures in a row: a minute, doubling, at most an hour.
    public static func wait(afterFailures failures: Int) -> TimeInterval {
        guard failures > 0 else { return 0 }
        let doublings = min(failures - 1, 12)
        return min(firstWait * Double(1 << doublings), longestWait)
    }

    /// A `Retry-After` value in seconds from `now`: a number of seconds, or an HTTP date; nil when
    /// it is neither.
    public static func retryAfter(_ text: String, now: Date) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(trimmed) { return TimeInterval(max(seconds, 0)) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: trimmed).map { max($0.timeIntervalSince(now), 0) }
    }
}
