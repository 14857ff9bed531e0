import Foundation

/// A file only its owner can read or write (mode 0600), for secrets kept where no Secret Service runs.
enum PrivateFile {
    /// Writes `bytes` to `file` (creating its folder), readable by the owner only.
    static func save(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }
}
