import EarshotGLib
import EarshotStore

/// Forgetting thousands of downloads at once (a storage cap deleting 9,900 files): the loop forgets the
/// records a slice per iteration, so that it answers D-Bus between slices, and each slice's files and
/// stored records go in one job on the background, posted as the slice leaves memory (so a download
/// asked for again afterwards is saved after its old record was removed). Until that job has run, its
/// paths are not given to a new download: one taken in meanwhile (its episodes read before the job
/// was posted, the worker busy) takes the next free name rather than writing a part the job deletes.
extension Downloads {
    /// How many records the loop forgets in one iteration: 10,000 at once kept it for a tenth of a second.
    static let forgetSlice = 256

    /// Stops and forgets the downloads of `ids` with their files, a slice per iteration of the loop (the
    /// first at once); `forgotten` runs on the loop once every record left memory, and `done` on the
    /// background after the last slice's files and stored records went.
    func discardAll(_ ids: [EpisodeID], forgotten: @escaping () -> Void = {}, done: @escaping @Sendable () -> Void) {
        discardSlices(of: ids, from: 0, forgotten: forgotten, done: done)
    }

    private func discardSlices(of ids: [EpisodeID], from start: Int, forgotten: @escaping () -> Void,
                               done: @escaping @Sendable () -> Void) {
        let end = min(start + Self.forgetSlice, ids.count)
        let slice = Array(ids[start..<end])
        let paths = slice.compactMap { unrecord($0)?.path }
        let last = end == ids.count
        let store = self.store
        deleteLater(paths) {
            StoreWork.log { try store.removeDownloads(slice) }
            if last { done() }
        }
        guard last else {
            _ = timers.after(.zero) { [weak self] in self?.discardSlices(of: ids, from: end, forgotten: forgotten, done: done) }
            return
        }
        forgotten()
    }

    /// Deletes the files of `paths` (each with its `.part` and `.part.json`) in one job on the background,
    /// after everything submitted before, then runs `more` in the same job; until the job has run, the
    /// paths count as taken (`isTaken`).
    func deleteLater(_ paths: [String], then more: @escaping @Sendable () -> Void = {}) {
        for path in paths { pendingDeletion[path, default: 0] += 1 }
        let deleter = files.deleter
        background.run({
            deleter.delete(paths)
            more()
        }, completion: { [weak self] in self?.deleted(paths) })
    }

    /// Whether a new download may not take `path`: a record has it, or its files wait to be deleted.
    func isTaken(_ path: String) -> Bool {
        takenPaths.contains(path) || pendingDeletion[path] != nil
    }

    /// The files of `paths` were deleted: their names are free again.
    private func deleted(_ paths: [String]) {
        for path in paths {
            guard let waiting = pendingDeletion[path] else { continue }
            pendingDeletion[path] = waiting > 1 ? waiting - 1 : nil
        }
    }
}
