import EarshotGLib
import EarshotStore

/// On a metered connection no automatic download starts (ahead in Up Next, new episodes, retries of
/// those); a download asked for by hand still does, and the log says so. When the connection is no
/// longer metered, the waiting downloads start as usual.
extension Downloads {
    /// The connection became metered, or stopped being metered.
    public func meteredChanged(_ metered: Bool) {
        guard metered != self.metered else { return }
        self.metered = metered
        Log.message(metered ? "the connection is metered: automatic downloads wait until it is not"
                            : "the connection is no longer metered: automatic downloads go on")
        pump()
    }

    /// Starts the downloads asked for by hand that are due, oldest request first, within the limit in
    /// all. Only while metered (looks at every record: the automatic ones wait in the line untouched).
    func pumpByHand() {
        let now = timers.date, maximum = library.downloadSettings.maximum
        let asked = records.values.filter { record in
            record.byHand && running[record.episode] == nil && DownloadPolicy.waits(record) && (record.nextAttemptAt.map { $0 <= now } ?? true)
        }.sorted { ($0.requestedAt, $0.episode) < ($1.requestedAt, $1.episode) }
        for record in asked where running.count < maximum {
            guard let source = sources[record.episode] else { continue }
            line.remove(record.episode)
            Log.message("downloading \(record.path) on a metered connection: it was asked for by hand")
            begin(record.episode, host: source.host)
        }
        armRetry(after: now)
    }
}
