import EarshotCore
import EarshotFeed
import Foundation

/// Downloaded files on the local disk.
public final class DiskFiles: DownloadFiles {
    public let signatures: SignatureChecking

    /// The files, their PGP signatures checked by `signatures`.
    public init(signatures: SignatureChecking) { self.signatures = signatures }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public func size(_ path: String) -> Int64? {
        let part = EpisodeDownload.partFiles(for: URL(fileURLWithPath: path))[0].path
        for candidate in [path, part] {
            if let size = (try? FileManager.default.attributesOfItem(atPath: candidate))?[.size] as? NSNumber {
                return size.int64Value
            }
        }
        return nil
    }

    public var digests: FileDigesting { FileDigests() }

    public func delete(_ path: String) { DiskDeleter.delete(path) }

    public var deleter: FileDeleting { DiskDeleter() }
}

/// Deletes downloaded files and their parts on the local disk, from any thread.
struct DiskDeleter: FileDeleting {
    func delete(_ paths: [String]) { paths.forEach(Self.delete) }

    static func delete(_ path: String) {
        unlink(path)
        for part in EpisodeDownload.partFiles(for: URL(fileURLWithPath: path)) { unlink(part.path) }
    }
}
