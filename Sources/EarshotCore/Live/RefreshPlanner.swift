import EarshotStore
import Foundation

/// Which podcasts' feeds are due for a fetch, and when the next one is, by `RefreshRule` over what each
/// feed last said of itself (its schedule and live shows) and when it was last fetched or tried (the
/// session fetches every feed when it begins). A feed not tried yet is due at once; one whose fetch
/// failed waits as if it had been fetched.
final class RefreshPlanner {
    var rule: RefreshRule
    private var schedules: [PodcastID: FeedSchedule] = [:]
    private var lastTried: [PodcastID: Date] = [:]

    init(rule: RefreshRule) { self.rule = rule }

    /// What `podcast`'s feed said last, nil before it was read.
    func schedule(of podcast: PodcastID) -> FeedSchedule? { schedules[podcast] }

    /// `podcast`'s feed now says `schedule`.
    func learned(_ schedule: FeedSchedule, of podcast: PodcastID) { schedules[podcast] = schedule }

    /// `podcast` was removed.
    func forget(_ podcast: PodcastID) {
        schedules[podcast] = nil
        lastTried[podcast] = nil
    }

    /// The feeds of `podcasts` were asked for at `date`.
    func tried(_ podcasts: [PodcastID], at date: Date) {
        for podcast in podcasts { lastTried[podcast] = date }
    }

    /// When `podcast` is next due; nil when it was not fetched or tried this session (due now). Times
    /// are the clock seam's (`Timers.date`), so the stored check times are not mixed in.
    func nextFetch(of podcast: PodcastSummary) -> Date? {
        lastTried[podcast.id].map { rule.nextFetch(after: $0, schedule: schedules[podcast.id] ?? FeedSchedule()) }
    }

    /// Those of `podcasts` due at `now`.
    func due(_ podcasts: [PodcastSummary], at now: Date) -> [PodcastID] {
        podcasts.filter { podcast in nextFetch(of: podcast).map { $0 <= now } ?? true }.map(\.id)
    }

    /// When the first of `podcasts` is due (`now` when one is already); nil without podcasts.
    func firstDue(_ podcasts: [PodcastSummary], now: Date) -> Date? {
        podcasts.lazy.map { self.nextFetch(of: $0) ?? now }.min().map { max($0, now) }
    }
}
