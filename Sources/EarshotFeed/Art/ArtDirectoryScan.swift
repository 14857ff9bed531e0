import Foundation
import Glibc

/// Counts what an art cache directory already holds, on a worker thread at start-up (a cache of
/// thousands of files is never listed on the loop).
enum ArtDirectoryScan {
    /// The folder, inside the cache directory, that chapter images are stored in.
    static let chapterFolder = "chapters"

    /// Every regular file in `directory` and in its chapter folder, by path relative to `directory`, with
    /// its size and modification time (nothing when the directory does not exist), except the temporary
    /// files of images being written when the scan started at `start` (ns since the epoch): the cache
    /// counts those images itself once they are stored.
    static func files(in directory: URL, startedAt start: Int64) -> [(file: String, entry: ArtCacheIndex.Entry)] {
        var found: [(file: String, entry: ArtCacheIndex.Entry)] = []
        for (prefix, isChapterImage) in [("", false), (chapterFolder + "/", true)] {
            let folder = directory.path + "/" + prefix
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                var info = stat()
                guard stat(folder + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                      !isBeingWritten(name, modified: ArtHousekeeper.modificationTime(info), at: start) else { continue }
                found.append((prefix + name, .init(bytes: Int64(info.st_size), lastUsed: ArtHousekeeper.modificationTime(info),
                                                   isChapterImage: isChapterImage)))
            }
        }
        return found
    }

    /// Whether `name` is a temporary file GLib writes an image into before renaming it into place
    /// (`<hash>.<ext>.XXXXXX`) that was modified in the minute before `time`; an older one was left by
    /// a crash and counts like any file.
    private static func isBeingWritten(_ name: String, modified: Int64, at time: Int64) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[2].count == 6 && time - modified < 60_000_000_000
    }
}
