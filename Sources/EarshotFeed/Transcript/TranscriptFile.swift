import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a transcript kept as a local file (a `file://` address, as beside a download): a regular file
/// only (a FIFO or a device would block or never end), at most a limit of bytes. Blocking: call it on a
/// worker.
enum TranscriptFile {
    static func read(_ url: URL, limit: Int64) -> Result<[UInt8], TranscriptFetchError> {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.transfer("the file \(path) cannot be read: \(String(cString: strerror(errno)))")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.transfer("\(path) is not a regular file"))
        }
        guard Int64(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.transfer("the file \(path) cannot be read: \(String(cString: strerror(errno)))")) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { return .failure(.tooLarge(limit: limit)) }
        }
    }
}
