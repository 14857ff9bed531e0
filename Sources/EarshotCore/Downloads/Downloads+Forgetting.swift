import EarshotGLib
import EarshotStore

/// Forgetting thousands of downloads at once (a storage cap deleting 9,900 files): the loop forgets the
/// records a slice per iteration, so that it answers D-Bus between slices, and each slice's files and
/// stored records go in one job on the background, posted as the slice leaves memory (so a download
/// asked for again afterwards is saved after its old record was removed).
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
        let store = self.store, deleter = files.deleter
        background.run {
            deleter.delete(paths)
            StoreWork.log { try store.removeDownloads(slice) }
            if last { done() }
        }
        guard last else {
            _ = timers.after(.zero) { [weak self] in self?.discardSlices(of: ids, from: end, forgotten: forgotten, done: done) }
            return
        }
        forgotten()
    }
}
