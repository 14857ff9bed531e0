/// Which finished feeds of a Subscribe or Refresh are worth a Progress signal. A refresh of 2,000 feeds
/// that nothing changed finishes one every 0.2 ms; a signal for each cost the daemon a fifth of its time
/// and woke every client on the bus 2,000 times to redraw a counter. Reported are the first feed, every
/// failure (a client lists them as they come), the last (the count ends at its total), and otherwise at
/// most one every `interval`.
public struct ProgressPacer {
    /// The least time between two reports of feeds that did not fail.
    public let interval: Duration
    private var lastReport: ContinuousClock.Instant?

    public init(interval: Duration = .milliseconds(100)) {
        self.interval = interval
    }

    /// Whether the `done`th of `total` finished feeds is reported, now; a report counts from `now`.
    public mutating func shouldReport(done: Int, of total: Int, failed: Bool, at now: ContinuousClock.Instant) -> Bool {
        let due = lastReport.map { now - $0 >= interval } ?? true
        guard due || failed || done >= total else { return false }
        lastReport = now
        return true
    }
}
