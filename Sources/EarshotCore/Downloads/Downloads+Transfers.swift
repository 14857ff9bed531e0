import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// Starting transfers from the line within the limits, following them, and what their end does: a
/// retry at one timer for the next one due, a stop for a full disk.
extension Downloads {
    /// Starts the waiting downloads that are due, in request order, within the limits in all and per
    /// host; arms the retry timer. O(log n) per download started.
    func pump() {
        guard halted == nil else { return }
        if metered { return pumpByHand() }
        let now = timers.date
        let settings = library.downloadSettings
        line.promote(now: now)
        while running.count < settings.maximum,
              let next = line.next(isFree: { self.runningByHost[$0, default: 0] < settings.perHost }) {
            begin(next.episode, host: next.host)
        }
        armRetry(after: now)
    }

    /// Arms one timer at the earliest retry still to come (none: no timer), instead of polling.
    func armRetry(after now: Date) {
        let next = line.nextRetry()
        guard next != retryAt else { return }
        retryTimer?.cancel()
        retryTimer = nil
        retryAt = next
        guard let next else { return }
        retryTimer = timers.after(.milliseconds(Int64((next.timeIntervalSince(now) * 1000).rounded(.up)))) { [weak self] in
            self?.retryTimer = nil
            self?.retryAt = nil
            self?.pump()
        }
    }

    func begin(_ id: EpisodeID, host: String) {
        guard var record = records[id] else { return }
        guard let remote = sources[id]?.url else {
            fail(&record, because: "the episode has no audio any more")
            return save(record)
        }
        checkOnDisk(&record)
        record.state = .downloading
        record.nextAttemptAt = nil
        save(record)
        let handle = transfers.start(
            from: remote, to: URL(fileURLWithPath: record.path),
            progress: { [weak self] progress in self?.progressed(id, progress) },
            completion: { [weak self] result in self?.finished(id, result) })
        running[id] = Running(handle: handle, host: host, startedAt: timers.date, startBytes: nil)
        runningByHost[host, default: 0] += 1
    }

    private func progressed(_ id: EpisodeID, _ progress: DownloadProgress) {
        guard running[id] != nil, records[id] != nil else { return }
        if running[id]?.startBytes == nil {
            running[id]?.startBytes = progress.bytesWritten
        }
        setBytes(of: id, progress.bytesWritten, total: progress.totalBytes)
    }

    /// A transfer ended. A completed file tidies only when the files are over the budget (the grace
    /// period is the timed tidying's business), and the store is not read.
    private func finished(_ id: EpisodeID, _ result: Result<URL, DownloadError>) {
        let wasRunning = release(id) != nil
        guard var record = records[id] else { return }
        let now = timers.date
        switch result {
        case .success:
            record.state = .completed
            record.bytes = files.size(record.path) ?? record.bytes
            record.totalBytes = record.bytes
            record.error = nil
            record.nextAttemptAt = nil
            record.completedAt = now
            Log.message("downloaded \(record.path)")
            library.events.publish(.downloaded(id))
        case .failure(.cancelled):
            guard wasRunning || record.state == .downloading else { return }
            record.state = .queued
            record.bytes = files.size(record.path) ?? record.bytes
        case .failure(.diskFull(let path)):
            fail(&record, because: DownloadError.diskFull(path: path).description)
            halt(record.error!)
        case .failure(let error):
            fail(&record, because: error.description)
            record.bytes = files.size(record.path) ?? 0
            if DownloadPolicy.isTransient(error) {
                record.attempts += 1
                record.nextAttemptAt = DownloadPolicy.retryAt(after: error, attempts: record.attempts, now: now)
                if DownloadPolicy.awaitsNetwork(record) {
                    record.error = "\(error.description) (\(record.attempts) attempts; tried again after the next refresh that reaches a server)"
                }
            }
            Log.warning("download of \(record.path) failed: \(record.error!)")
        }
        save(record)
        if record.state == .completed, let budget = library.downloadSettings.budget, usedBytes > budget { overBudget() }
        pump()
    }

    /// The disk is full: one warning, every transfer stops (parts kept) until space is made or the
    /// listener asks for a download.
    private func halt(_ reason: String) {
        guard halted == nil else { return }
        halted = reason
        Log.warning("downloads stopped: \(reason)")
        for id in Array(running.keys) {
            guard let run = release(id) else { continue }
            if var record = records[id] {
                record.state = .queued
                save(record)
            }
            run.handle.cancel()
        }
    }
}
