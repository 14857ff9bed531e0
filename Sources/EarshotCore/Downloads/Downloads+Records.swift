import EarshotGLib
import EarshotStore
import Foundation

/// The records in memory and in the store, with what is kept of them as they change: the paths taken,
/// the latest request, the bytes on disk, the line of waiting downloads and those awaiting the network.
extension Downloads {
    /// Records `record` in memory (not in the store) and keeps the rest up to date with it.
    func put(_ record: DownloadRecord) {
        let old = records.updateValue(record, forKey: record.episode)
        usedBytes += record.bytes - (old?.bytes ?? 0)
        if let old, old.path != record.path { takenPaths.remove(old.path) }
        takenPaths.insert(record.path)
        latestRequest = max(latestRequest, record.requestedAt)
        if DownloadPolicy.awaitsNetwork(record) {
            awaitingNetwork.insert(record.episode)
        } else {
            awaitingNetwork.remove(record.episode)
        }
        if DownloadPolicy.waits(record) {
            line.put(DownloadLine.Place(requestedAt: record.requestedAt, episode: record.episode),
                     host: sources[record.episode]?.host ?? "", notBefore: record.nextAttemptAt, now: timers.date)
        } else {
            line.remove(record.episode)
        }
    }

    /// Records `record` in memory and in the store.
    func save(_ record: DownloadRecord) {
        put(record)
        let store = self.store
        background.run { StoreWork.log { try store.saveDownload(record) } }
    }

    /// Stores these records in one write.
    func persist(_ changed: [DownloadRecord]) {
        guard !changed.isEmpty else { return }
        let store = self.store
        background.run { StoreWork.log { try store.saveDownloads(changed) } }
    }

    /// Updates the bytes of a running download (not stored: the part file holds them).
    func setBytes(of id: EpisodeID, _ bytes: Int64, total: Int64?) {
        guard let old = records[id]?.bytes else { return }
        usedBytes += bytes - old
        records[id]?.bytes = bytes
        records[id]?.totalBytes = total
    }

    /// Marks `record` failed for good with `reason`.
    func fail(_ record: inout DownloadRecord, because reason: String) {
        record.state = .failed
        record.error = reason
        record.nextAttemptAt = nil
    }

    /// Stops and forgets the download of `id`, with its file when `deletingFile` (deleted on the
    /// background, its path not given to another download until then: `deleteLater`).
    func discard(_ id: EpisodeID, deletingFile: Bool) {
        guard let record = unrecord(id) else { return }
        if deletingFile { deleteLater([record.path]) }
        forget(id)
    }

    /// Stops the download of `id` and drops it from memory (not from the store); the record, if any.
    @discardableResult
    func unrecord(_ id: EpisodeID) -> DownloadRecord? {
        let run = release(id)
        defer { run?.handle.cancel() }  // once the record is gone, so its end changes nothing
        guard let record = records.removeValue(forKey: id) else { return nil }
        usedBytes -= record.bytes
        takenPaths.remove(record.path)
        awaitingNetwork.remove(id)
        line.remove(id)
        sources[id] = nil
        unchecked[id] = nil
        return record
    }

    func forget(_ id: EpisodeID) {
        let store = self.store
        background.run { StoreWork.log { try store.removeDownload(id) } }
    }

    /// Ends the bookkeeping of the running transfer of `id` (its host has a free slot again); the
    /// transfer, when there was one.
    @discardableResult
    func release(_ id: EpisodeID) -> Running? {
        guard let run = running.removeValue(forKey: id) else { return nil }
        runningByHost[run.host, default: 1] -= 1
        if runningByHost[run.host] == 0 { runningByHost[run.host] = nil }
        line.freed(run.host)
        return run
    }
}
