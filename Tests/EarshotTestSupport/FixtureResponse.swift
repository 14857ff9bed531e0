import CGLib
import EarshotGLib

/// A request the fixture server received, as a test sees it.
public struct FixtureRequest: Sendable {
    /// GET, HEAD…
    public let method: String
    /// The path, without the query.
    public let path: String
    /// The query, as sent (percent-encoded), when there is one.
    public var query: String? = nil
    /// Request headers, names in lower case.
    public let headers: [String: String]
    /// The client's port: requests on one kept-alive connection share it.
    public var clientPort: UInt16 = 0
}

/// How the fixture server answers one request.
public enum FixtureResponse: Sendable {
    /// An empty answer with this status.
    case status(Int)
    /// A complete body (the server answers Range requests on it itself).
    case body([UInt8], contentType: String, headers: [String: String] = [:])
    /// A complete body held once by the server and answered without copying (for large files asked for
    /// many times, e.g. an episode a player seeks in with Range requests).
    case shared(SharedBody, contentType: String)
    /// A gzip-compressed body with `Content-Encoding: gzip`.
    case gzip([UInt8], contentType: String)
    /// A redirect to `location` (absolute, or a path on this server).
    case redirect(status: Int, to: String)
    /// Accepts the request and never answers (until the server stops).
    case neverAnswer
    /// A chunked body that repeats `chunk` until the client hangs up or `limit` bytes were sent.
    case endless(chunk: [UInt8], contentType: String, limit: Int = 512 << 20)
    /// `body` with its Content-Length, sent `bytesPerTick` at a time every `intervalMilliseconds`: a drip
    /// (one byte a tick) or a throttled server.
    case paced([UInt8], contentType: String, bytesPerTick: Int, intervalMilliseconds: UInt32,
               headers: [String: String] = [:])
    /// A complete body with `headers` (ETag, Last-Modified…) whose Range requests are answered with 206
    /// only when `honoursRange` and the request's If-Range (if any) matches the ETag or Last-Modified;
    /// otherwise the whole body comes with 200, as from a server without Range support or whose file changed.
    case ranged(SharedBody, contentType: String, headers: [String: String], honoursRange: Bool = true)
    /// These exact bytes (status line, headers and all) written on the connection, which is then closed:
    /// a body that ends before its Content-Length, a 206 with a wrong Content-Range.
    case raw([UInt8])
}

/// Bytes made once into a `GBytes` that every answer references instead of copying.
public final class SharedBody: @unchecked Sendable {
    let bytes: OpaquePointer

    /// Copies `body` once.
    public init(_ body: [UInt8]) {
        bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    /// Maps the file at `path` (read-only, shared with the page cache), so a large file is served without
    /// being read into memory.
    public init(mappingFile path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let mapped = g_mapped_file_new(path, 0, &error) else {
            throw FixtureServerError(message: "cannot map \(path): \(GLibError(taking: error)?.message ?? "unknown error")")
        }
        bytes = g_mapped_file_get_bytes(mapped)
        g_mapped_file_unref(mapped)
    }

    deinit { g_bytes_unref(bytes) }
}
