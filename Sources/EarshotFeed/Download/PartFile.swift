import Foundation
import Glibc

/// What is kept next to a part file (`<final>.part.json`) so a later download can resume it: the URL it
/// came from, the validators of the answer its bytes belong to, and the announced size.
struct ResumeRecord: Codable, Equatable {
    var url: String
    var etag: String?
    var lastModified: String?
    var length: Int64?

    /// The value for If-Range: a strong ETag, else Last-Modified, else nil (the part cannot be resumed).
    var ifRange: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }

    /// Whether an answer with these validators is the same version of the file as the part's bytes, judged
    /// by the validator If-Range carried (RFC 9110 §13.1.5): only then may its bytes follow the part's
    /// (§15.3.7.3). A missing validator proves nothing, so it does not match.
    func isSameVersion(etag: String?, lastModified: String?) -> Bool {
        if let strong = self.etag, !strong.hasPrefix("W/") { return etag == strong }
        return lastModified != nil && lastModified == self.lastModified
    }

    /// The validator If-Range carried, named for a log line: `ETag "v1"` or `Last-Modified …`.
    var validatorName: String {
        if let etag, !etag.hasPrefix("W/") { return "ETag \(etag)" }
        return "Last-Modified \(lastModified ?? "none")"
    }
}

/// The files of one download: `<final>.part` receives the bytes, `<final>.part.json` the resume record,
/// and the part is renamed to `<final>` once complete, after an fsync.
struct PartFile: Sendable {
    let final: URL
    var partPath: String { final.path + ".part" }
    var recordPath: String { final.path + ".part.json" }

    /// The bytes already downloaded and how to resume them, when the part belongs to `url` and has a
    /// validator; nil when the download must start from 0.
    func resumable(for url: URL) -> (offset: Int64, record: ResumeRecord)? {
        var info = stat()
        guard stat(partPath, &info) == 0, info.st_size > 0,
              let data = FileManager.default.contents(atPath: recordPath),
              let record = try? JSONDecoder().decode(ResumeRecord.self, from: data),
              record.url == url.absoluteString, record.ifRange != nil else { return nil }
        if let length = record.length, Int64(info.st_size) > length { return nil }
        return (Int64(info.st_size), record)
    }

    /// Stores the resume record (small; written in place of the old one).
    func save(_ record: ResumeRecord) throws {
        try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: recordPath), options: .atomic)
    }

    /// Creates the part file empty (or empties it) so that appending starts from byte 0.
    func truncate() throws(DownloadError) {
        let fd = open(partPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.writeError(partPath, errno) }
        close(fd)
    }

    /// Makes the complete part the final file: syncs it, checks its length, renames it, syncs the folder
    /// and removes the record. Blocking: run it on a worker.
    func complete(expectedLength: Int64?) -> Result<URL, DownloadError> {
        let fd = open(partPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Self.writeError(partPath, errno)) }
        var info = stat()
        let synced = fsync(fd) == 0 ? 0 : errno
        fstat(fd, &info)
        close(fd)
        guard synced == 0 else { return .failure(Self.writeError(partPath, synced)) }
        let size = Int64(info.st_size)
        if let expectedLength, size != expectedLength {
            return .failure(.interrupted(received: size, expected: expectedLength,
                                         reason: "the file on disk has \(size) bytes"))
        }
        guard rename(partPath, final.path) == 0 else { return .failure(Self.writeError(final.path, errno)) }
        let directory = open(final.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        unlink(recordPath)
        return .success(final)
    }

    static func writeError(_ path: String, _ code: Int32) -> DownloadError {
        code == ENOSPC || code == EFBIG ? .diskFull(path: path) : .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}
