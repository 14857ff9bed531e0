import Foundation

/// A file only its owner can read or write (mode 0600), for secrets kept where no Secret Service runs.
enum PrivateFile {
    /// Writes `bytes` to `file` (creating its folder), readable by the owner only. The bytes go to a
    /// temporary file beside it that then takes its name, so a crash midway leaves the old file whole.
    static func save(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file.path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        fchmod(descriptor, 0o600)
        let written = write(descriptor, bytes, bytes.count) == bytes.count && fsync(descriptor) == 0
        close(descriptor)
        guard written, rename(temporary, file.path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
