import EarshotGLib
import Foundation
import Glibc

/// Keeping the art cache within its budget: what it holds is counted (the start-up scan, then every
/// image stored or handed out), pinned files are set aside, and what no longer fits is removed.
extension ArtCache {
    /// Keeps `file` (one this cache handed out) from being removed until it is unpinned: for an image
    /// shown right now. Pins count: each `pin` wants its `unpin`. Files outside the cache are ignored.
    public func pin(_ file: URL) {
        guard let name = relativeName(of: file) else { return }
        index.pin(name)
    }

    /// Undoes one `pin(_:)` of `file`; once it is no longer pinned it may be removed like any other.
    public func unpin(_ file: URL) {
        guard let name = relativeName(of: file) else { return }
        index.unpin(name)
        enforceBudget()
    }

    /// Calls `observer` with the files the cache removed to stay within its budget, at the next
    /// iteration of its context after it chose them (so never inside a call on the cache).
    public func observeEvictions(_ observer: @escaping ([URL]) -> Void) {
        evictionObservers.append(observer)
    }

    /// Where chapter images are stored.
    var chapterDirectory: URL {
        directory.appendingPathComponent(ArtDirectoryScan.chapterFolder, isDirectory: true)
    }

    /// The cached file of an http(s) `remote`, a cover or a chapter image, noted as used; nil when there
    /// is none. Looks on the disk (a file removed by hand is not there any more; another Earshot sharing
    /// the directory may have stored it).
    func findCached(_ remote: URL) -> URL? {
        let hash = ArtFileName.hash(of: remote)
        for (folder, isChapterImage) in [(directory, false), (chapterDirectory, true)] {
            for fileExtension in ArtFileName.candidateExtensions(for: remote) {
                let file = folder.appendingPathComponent("\(hash).\(fileExtension)", isDirectory: false)
                var info = stat()
                guard let name = relativeName(of: file), !removing.contains(name), stat(file.path, &info) == 0,
                      (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { continue }
                if index.entries[name] == nil {
                    index.record(name, .init(bytes: Int64(info.st_size), lastUsed: ArtHousekeeper.modificationTime(info),
                                             isChapterImage: isChapterImage))
                }
                let now = ArtHousekeeper.now()
                index.markUsed(name, at: now)
                housekeeper.touch(file.path, at: now)
                noteVariant(name, of: remote)
                return file
            }
        }
        return nil
    }

    /// Records an image just stored, and removes what no longer fits.
    func adopt(_ stored: StoredArt, of remote: URL, as use: ArtUse) {
        guard let name = relativeName(of: stored.file) else { return }
        index.record(name, .init(bytes: stored.bytes, lastUsed: stored.modified, isChapterImage: use == .chapterImage))
        noteVariant(name, of: remote)
        enforceBudget()
    }

    /// When `remote` has a query, `name` is the newest file of its image path (the URL without query).
    private func noteVariant(_ name: String, of remote: URL) {
        guard var parts = URLComponents(url: remote, resolvingAgainstBaseURL: false), parts.query != nil else { return }
        parts.query = nil
        parts.fragment = nil
        guard let imagePath = parts.string else { return }
        index.noteVariant(name, ofImagePath: imagePath)
    }

    /// Counts the files already in the directory (on a worker), then keeps within the budget.
    func countExistingFiles() {
        let directory = directory, start = ArtHousekeeper.now()
        Worker.run("earshot-art-scan", on: context, work: {
            ArtDirectoryScan.files(in: directory, startedAt: start)
        }, completion: { [weak self] found in
            guard let self else { return }
            index.merge(found)
            counted = true
            enforceBudget()
        })
    }

    /// Removes (on a worker) what takes the cache past its budget, once the start-up scan has landed.
    private func enforceBudget() {
        guard counted else { return }
        let names = index.evict(within: budget)
        guard !names.isEmpty else { return }
        let files = names.map { directory.appendingPathComponent($0, isDirectory: false) }
        removing.formUnion(names)
        housekeeper.remove(files.map(\.path)) { [self] in removing.subtract(names) }
        let observers = evictionObservers
        guard !observers.isEmpty else { return }
        context.addIdle {
            for observer in observers { observer(files) }
        }
    }

    /// `file`'s path relative to the cache directory, when it is inside it.
    private func relativeName(of file: URL) -> String? {
        let prefix = directory.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}
