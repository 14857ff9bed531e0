import EarshotFeed
import EarshotGLib
import EarshotLocale
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
            fail(&record, because: tr("the episode has no audio any more"))
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
        moved(id)
    }

    private func progressed(_ id: EpisodeID, _ progress: DownloadProgress) {
        guard running[id] != nil, records[id] != nil else { return }
        if running[id]?.startBytes == nil {
            running[id]?.startBytes = progress.bytesWritten
        }
        setBytes(of: id, progress.bytesWritten, total: progress.totalBytes)
        moved(id)
    }

    /// A transfer ended. A file the feed gives an integrity for is checked first (`verify`). A failure
    /// moves on to the download's next source, if any (`AudioChoice`). A completed file tidies only when
    /// the files are over the budget (the grace period is the timed tidying's business), and the store
    /// is not read.
    private func finished(_ id: EpisodeID, _ result: Result<URL, DownloadError>) {
        let wasRunning = release(id) != nil
        guard var record = records[id] else { return }
        let now = timers.date
        switch result {
        case .success:
            if sources[id]?.integrity != nil || sources[id]?.signature != nil { return verify(id) }
            complete(&record)
        case .failure(.cancelled):
            guard wasRunning || record.state == .downloading else { return }
            record.state = .queued
            record.bytes = files.size(record.path) ?? record.bytes
        case .failure(.diskFull(let path)):
            fail(&record, because: DownloadError.diskFull(path: path).description)
            halt(record.error!)
        case .failure(let error) where nextSource(of: id, &record, after: error.description):
            break
        case .failure(let error):
            sources[id]?.restart()
            fail(&record, because: error.description)
            record.bytes = files.size(record.path) ?? 0
            if DownloadPolicy.isTransient(error) {
                record.attempts += 1
                record.nextAttemptAt = DownloadPolicy.retryAt(after: error, attempts: record.attempts, now: now)
                if DownloadPolicy.awaitsNetwork(record) {
                    // TRANSLATORS: %1$s says why the download failed; %2$d counts the attempts.
                    record.error = trn("%1$s (%2$d attempts; tried again after the next refresh that reaches a server)",
                                       "%1$s (%2$d attempts; tried again after the next refresh that reaches a server)",
                                       record.attempts, error.description, record.attempts)
                }
            }
            Log.warning("download of \(record.path) failed: \(record.error!)")
        }
        settle(record)
    }

    /// Records where a download ended up, and starts what may start now.
    func settle(_ record: DownloadRecord) {
        save(record)
        moved(record.episode)
        if record.state == .completed, let budget = library.downloadSettings.budget, usedBytes > budget { overBudget() }
        pump()
    }

    func complete(_ record: inout DownloadRecord) {
        record.state = .completed
        record.bytes = files.size(record.path) ?? record.bytes
        record.totalBytes = record.bytes
        record.error = nil
        record.nextAttemptAt = nil
        record.completedAt = timers.date
        Log.message("downloaded \(record.path)")
        library.events.publish(.downloaded(record.episode))
    }

    /// Moves the download of `id` on to its next source after `reason`, its part deleted (it belongs to
    /// the other address); false when it has no other source.
    func nextSource(of id: EpisodeID, _ record: inout DownloadRecord, after reason: String) -> Bool {
        guard let failed = sources[id]?.url, sources[id]?.next() == true, let next = sources[id]?.url else { return false }
        Log.warning("download of \(record.path) from \(failed.absoluteString) failed (\(reason)); trying \(next.absoluteString)")
        files.delete(record.path)
        record.state = .queued
        record.bytes = 0
        record.error = nil
        record.nextAttemptAt = nil
        return true
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
