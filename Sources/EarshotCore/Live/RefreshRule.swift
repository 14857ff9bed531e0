import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// When a podcast's feed is fetched again, from what the feed says of itself. The listener's
/// `refresh-interval` is the floor for the ordinary schedule: a feed that declares how often it
/// publishes (`podcast:updateFrequency`) is fetched a quarter of that period apart, never more often than
/// the setting and never less often than once a day (unless the setting itself asks for less); a feed
/// that says it is complete (`complete="true"`) is fetched once a week (or at the setting, if longer).
/// A live show overrides that while it matters: a pending show's feed is fetched a minute after its
/// start, then every two minutes until it goes live (for at most two hours past its start), and a show
/// on the air every five minutes (or at the setting, if shorter), so its end and its recording are
/// seen. Nothing is fetched sooner than a minute after the last fetch, the setting's own lower bound.
public struct RefreshRule: Sendable, Equatable {
    /// The listener's `refresh-interval`.
    public var base: Duration

    /// The longest a feed that still publishes waits between fetches (unless `base` is longer).
    public static let cap: Duration = .seconds(24 * 3600)
    /// How long a complete feed waits between fetches (unless `base` is longer).
    public static let complete: Duration = .seconds(7 * 24 * 3600)
    /// The shortest time between two fetches of one feed.
    public static let floor: Duration = .seconds(60)
    /// How long after a pending show's start its feed is fetched.
    public static let afterStart: Duration = .seconds(60)
    /// How often the feed of a pending show past its start is fetched.
    public static let whilePending: Duration = .seconds(120)
    /// How long past its start a pending show is waited for so closely.
    public static let pendingPatience: Duration = .seconds(2 * 3600)
    /// How often the feed of a show on the air is fetched (at most).
    public static let whileLive: Duration = .seconds(300)

    /// A rule over the listener's interval.
    public init(base: Duration) { self.base = base }

    /// Time between ordinary fetches of a feed declaring `frequency`.
    public func interval(for frequency: UpdateFrequency?) -> Duration {
        guard let frequency else { return base }
        if frequency.isComplete { return max(base, Self.complete) }
        guard let period = frequency.rule.flatMap(Self.period(rule:)) else { return base }
        return max(base, min(period / 4, Self.cap))
    }

    /// When the feed last fetched (or tried) at `last` is next due.
    public func nextFetch(after last: Date, schedule: FeedSchedule) -> Date {
        var next = last.addingTimeInterval(interval(for: schedule.frequency).inSeconds)
        for show in schedule.liveShows {
            switch show.status {
            case LiveItem.pending:
                guard let start = show.start else { continue }
                let firstLook = start.addingTimeInterval(Self.afterStart.inSeconds)
                if firstLook > last {
                    next = min(next, firstLook)
                } else if last.timeIntervalSince(start) < Self.pendingPatience.inSeconds {
                    next = min(next, last.addingTimeInterval(Self.whilePending.inSeconds))
                }
            case LiveItem.live:
                next = min(next, last.addingTimeInterval(min(base, Self.whileLive).inSeconds))
            default:
                continue
            }
        }
        return max(next, last.addingTimeInterval(Self.floor.inSeconds))
    }

    /// The time between publications an RFC 5545 rule (`FREQ=WEEKLY;BYDAY=MO,TH`) declares: its
    /// frequency times its `INTERVAL`, shared among the days `BYDAY` names; nil when it has no `FREQ`
    /// Earshot knows.
    static func period(rule: String) -> Duration? {
        var parts: [String: String] = [:]
        for part in rule.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parts[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        let unit: Int64
        switch parts["FREQ"] {
        case "SECONDLY", "MINUTELY", "HOURLY": unit = 3600
        case "DAILY": unit = 24 * 3600
        case "WEEKLY": unit = 7 * 24 * 3600
        case "MONTHLY": unit = 30 * 24 * 3600
        case "YEARLY": unit = 365 * 24 * 3600
        default: return nil
        }
        let every = parts["INTERVAL"].flatMap { Int64($0) }.map { min(max($0, 1), 1000) } ?? 1
        let days = parts["BYDAY"].map { min(max($0.split(separator: ",").count, 1), 31) } ?? 1
        return .seconds(unit * every / Int64(days))
    }
}
