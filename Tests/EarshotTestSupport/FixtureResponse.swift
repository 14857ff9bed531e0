import CGLib

/// A request the fixture server received, as a test sees it.
public struct FixtureRequest: Sendable {
    /// GET, HEAD…
    public let method: String
    /// The path, without the query.
    public let path: String
    /// Request headers, names in lower case.
    public let headers: [String: String]
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
}

/// Bytes made once into a `GBytes` that every answer references instead of copying.
public final class SharedBody: @unchecked Sendable {
    let bytes: OpaquePointer

    /// Copies `body` once.
    public init(_ body: [UInt8]) {
        bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    deinit { g_bytes_unref(bytes) }
}
