/// The art cache's bookkeeping, kept on its loop without touching the disk: every file it holds (size,
/// when last used, whether it is a chapter image), which are pinned, which were superseded by another
/// query of the same image path; and the choice of what to remove to stay within a budget.
///
/// Files are named by their path relative to the cache directory (`<hash>.png`, `chapters/<hash>.jpg`).
struct ArtCacheIndex {
    /// One file of the cache.
    struct Entry: Sendable, Equatable {
        var bytes: Int64
        /// When the file was last stored or handed out, in nanoseconds since the epoch: what its
        /// modification time on disk says (the cache sets it on each use).
        var lastUsed: Int64
        var isChapterImage: Bool
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var totalBytes: Int64 = 0
    private(set) var chapterImageBytes: Int64 = 0
    private var pins: [String: Int] = [:]
    /// Files whose image path (URL without its query) was fetched again with another query since.
    private var superseded: Set<String> = []
    /// The newest file of each image path fetched with a query.
    private var newestOfImagePath: [String: String] = [:]

    /// Adds `file`, or replaces what was known of it.
    mutating func record(_ file: String, _ entry: Entry) {
        forget(file)
        entries[file] = entry
        totalBytes += entry.bytes
        if entry.isChapterImage { chapterImageBytes += entry.bytes }
    }

    /// Adds what a scan of the directory found; a file already known keeps its later use.
    mutating func merge(_ scanned: [(file: String, entry: Entry)]) {
        for (file, entry) in scanned where (entries[file]?.lastUsed ?? .min) < entry.lastUsed {
            record(file, entry)
        }
    }

    /// Notes that `file` was handed out at `time`.
    mutating func markUsed(_ file: String, at time: Int64) {
        entries[file]?.lastUsed = time
    }

    /// Forgets `file` (gone from the disk).
    mutating func remove(_ file: String) {
        forget(file)
        superseded.remove(file)
    }

    /// Notes that `file` holds the image at `imagePath` with some query: the file that held it with
    /// another query before is superseded (the usual reason: a cache-busting `?v=…` that changes).
    mutating func noteVariant(_ file: String, ofImagePath imagePath: String) {
        if let previous = newestOfImagePath[imagePath], previous != file, entries[previous] != nil {
            superseded.insert(previous)
        }
        newestOfImagePath[imagePath] = file
        superseded.remove(file)
    }

    mutating func pin(_ file: String) { pins[file, default: 0] += 1 }

    mutating func unpin(_ file: String) {
        guard let count = pins[file] else { return }
        pins[file] = count > 1 ? count - 1 : nil
    }

    func isPinned(_ file: String) -> Bool { pins[file] != nil }

    /// Takes out of the index, and returns, the files to remove so that chapter images and then the
    /// whole cache are back within `budget` (down to nine tenths of each bound once one is passed):
    /// superseded files first, then chapter images, then covers, each least recently used first, never
    /// a pinned one.
    mutating func evict(within budget: ArtCacheBudget) -> [String] {
        var victims: [String] = []
        if chapterImageBytes > budget.chapterImageBytes {
            let goal = budget.chapterImageBytes / 10 * 9
            for file in removable(where: \.isChapterImage) {
                guard chapterImageBytes > goal else { break }
                victims.append(file)
                remove(file)
            }
        }
        if totalBytes > budget.bytes {
            let goal = budget.bytes / 10 * 9
            for file in removable(where: { _ in true }) {
                guard totalBytes > goal else { break }
                victims.append(file)
                remove(file)
            }
        }
        return victims
    }

    /// The unpinned files that `include`, in the order they go.
    private func removable(where include: (Entry) -> Bool) -> [String] {
        entries.filter { !isPinned($0.key) && include($0.value) }
            .map { (file: $0.key, rank: rank(of: $0.key, $0.value), lastUsed: $0.value.lastUsed) }
            .sorted { ($0.rank, $0.lastUsed, $0.file) < ($1.rank, $1.lastUsed, $1.file) }
            .map(\.file)
    }

    private func rank(of file: String, _ entry: Entry) -> Int {
        superseded.contains(file) ? 0 : entry.isChapterImage ? 1 : 2
    }

    private mutating func forget(_ file: String) {
        guard let old = entries.removeValue(forKey: file) else { return }
        totalBytes -= old.bytes
        if old.isChapterImage { chapterImageBytes -= old.bytes }
    }
}
