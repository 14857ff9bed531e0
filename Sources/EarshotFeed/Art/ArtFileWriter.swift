import CGLib
import EarshotGLib
import Foundation
import Glibc

/// An image the art cache stored: where, how big, and its modification time (ns since the epoch), which
/// the writer sets from the cache's clock.
struct StoredArt: Sendable {
    let file: URL
    let bytes: Int64
    let modified: Int64
}

/// Stores downloaded images (on a worker thread): creates the directory when missing and writes the file
/// atomically (GLib writes a temporary file in the same directory, syncs it and renames it into place,
/// removing the temporary file on failure), so a reader never sees a partial image.
enum ArtFileWriter {
    static func write(_ bytes: [UInt8], named name: String, in directory: URL) -> Result<StoredArt, ArtError> {
        let path = directory.path
        guard g_mkdir_with_parents(path, 0o700) == 0 else {
            return .failure(.cannotWrite(path: path, reason: String(cString: strerror(errno))))
        }
        let file = directory.appendingPathComponent(name)
        var error: UnsafeMutablePointer<GError>?
        let written = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                g_file_set_contents_full(file.path, $0.baseAddress, gssize($0.count), G_FILE_SET_CONTENTS_CONSISTENT,
                                         0o644, &error)
            }
        }
        guard written != 0 else {
            let reason = GLibError(taking: error)?.message ?? "unknown error"
            return .failure(.cannotWrite(path: path, reason: reason))
        }
        // The file system's own stamp is coarse (a clock tick): the cache's clock orders uses exactly.
        let modified = ArtHousekeeper.now()
        ArtHousekeeper.setModificationTime(of: file.path, to: modified)
        return .success(StoredArt(file: file, bytes: Int64(bytes.count), modified: modified))
    }
}
