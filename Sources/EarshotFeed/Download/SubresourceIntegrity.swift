import CGLib
import Foundation

/// A `podcast:integrity` of type `sri`: Subresource Integrity metadata (`sha384-<base64>`, several
/// separated by white space). As the W3C's rules have it, only the strongest algorithm given counts, and a
/// file matches when its digest equals any of that algorithm's; algorithms other than SHA-256/384/512 are
/// left out, and metadata with none of them checks nothing.
public struct SubresourceIntegrity: Sendable, Equatable {
    /// A SHA-2 digest an SRI string may name.
    public enum Algorithm: Int, Sendable, Comparable, CaseIterable {
        case sha256 = 256, sha384 = 384, sha512 = 512

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        /// Its name in SRI metadata.
        public var name: String { "sha\(rawValue)" }
    }

    /// The strongest algorithm given, and the digests given for it.
    public let algorithm: Algorithm
    public let digests: [[UInt8]]

    /// The metadata in `text`, or nil when it names no SHA-2 digest Earshot can check.
    public init?(_ text: String) {
        var found: [(Algorithm, [UInt8])] = []
        for token in text.split(whereSeparator: \.isWhitespace).prefix(16) {
            let hashAndOptions = token.split(separator: "?", maxSplits: 1)[0]
            guard let dash = hashAndOptions.firstIndex(of: "-"),
                  let algorithm = Algorithm.allCases.first(where: { $0.name == hashAndOptions[..<dash].lowercased() }),
                  let digest = Data(base64Encoded: String(hashAndOptions[hashAndOptions.index(after: dash)...])),
                  digest.count == algorithm.rawValue / 8 else { continue }
            found.append((algorithm, Array(digest)))
        }
        guard let strongest = found.map(\.0).max() else { return nil }
        algorithm = strongest
        digests = found.filter { $0.0 == strongest }.map(\.1)
    }

    /// Whether `digest` (of `algorithm`) is one of the digests given.
    public func matches(_ digest: [UInt8]) -> Bool { digests.contains(digest) }
}

/// Reads files' SHA-2 digests with GLib's GChecksum, 1 MiB at a time. Blocking: call it off the loop.
public struct FileDigests: Sendable {
    public init() {}

    /// The digest of the file at `path`, or nil when it cannot be read.
    public func digest(of path: String, _ algorithm: SubresourceIntegrity.Algorithm) -> [UInt8]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        let type: GChecksumType = switch algorithm {
        case .sha256: G_CHECKSUM_SHA256
        case .sha384: G_CHECKSUM_SHA384
        case .sha512: G_CHECKSUM_SHA512
        }
        guard let checksum = g_checksum_new(type) else { return nil }
        defer { g_checksum_free(checksum) }
        while true {
            let read: Data?
            do { read = try file.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk = read, !chunk.isEmpty else { break }  // nil or empty: the end of the file
            chunk.withUnsafeBytes { g_checksum_update(checksum, $0.bindMemory(to: guchar.self).baseAddress, gssize($0.count)) }
        }
        var digest = [UInt8](repeating: 0, count: algorithm.rawValue / 8)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
