import EarshotFeed
import EarshotLocale
import Foundation
import Glibc

/// The feeds an OPML file lists, as `earshot import` needs them: their URLs, in document order, and
/// one line for each outline that was left out (a duplicate, a link, an address that is not http(s)),
/// naming its line in the file.
struct OPMLInput: Equatable {
    var feeds: [URL]
    var skipped: [String]

    /// How much of the file is read at once: the memory reading takes, whatever the file's size.
    static let pieceSize = 64 << 10

    /// Reads the OPML file at `path`, called `name` in messages, a piece at a time with EarshotFeed's
    /// reader, stopping at the first fault. A file that cannot be read is a `CommandFailure` saying so
    /// ("cannot read NAME: …"); one that is not OPML, or not well-formed, a `CommandFailure` naming the
    /// file and the line ("NAME: …line 3…").
    static func read(fileAt path: String, named name: String) throws -> OPMLInput {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotRead(name, errno) }
        defer { close(descriptor) }
        let reader = OPMLStreamReader()
        var buffer = [UInt8](repeating: 0, count: pieceSize)
        while !reader.hasFailed {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw cannotRead(name, errno) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { reader.read(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        do throws(OPMLError) {
            let result = try reader.finish()
            return OPMLInput(feeds: result.feeds.map(\.url), skipped: result.skipped.map(\.description))
        } catch {
            throw CommandFailure("\(name): \(error.description)")
        }
    }

    private static func cannotRead(_ name: String, _ code: Int32) -> CommandFailure {
        // TRANSLATORS: %1$s is the OPML file's name, %2$s the system's reason ("No such file or directory").
        CommandFailure(tr("cannot read %1$s: %2$s", name, String(cString: strerror(code))))
    }
}
