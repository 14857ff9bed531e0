import CGLib

/// A `GError` turned into a Swift value: its domain, code and message. Creating one frees the `GError`.
public struct GLibError: Error, Sendable, CustomStringConvertible {
    /// The error domain quark (compare with `g_io_error_quark()`, `g_resolver_error_quark()`…).
    public let domain: GQuark
    /// The domain-specific code.
    public let code: Int32
    /// GLib's human-readable message.
    public let message: String

    /// Takes ownership of `error` and frees it; nil when there was no error.
    public init?(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else { return nil }
        domain = error.pointee.domain
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    /// Whether this is `G_IO_ERROR` with the given code.
    public func isIOError(_ ioCode: GIOErrorEnum) -> Bool {
        domain == g_io_error_quark() && code == Int32(ioCode.rawValue)
    }

    /// A network or I/O operation gave up waiting (`G_IO_ERROR_TIMED_OUT`).
    public var isTimedOut: Bool { isIOError(G_IO_ERROR_TIMED_OUT) }
    /// Nothing listens at the address (`G_IO_ERROR_CONNECTION_REFUSED`).
    public var isConnectionRefused: Bool { isIOError(G_IO_ERROR_CONNECTION_REFUSED) }
    /// The file does not exist (`G_IO_ERROR_NOT_FOUND`).
    public var isNotFound: Bool { isIOError(G_IO_ERROR_NOT_FOUND) }
    /// A host name could not be resolved (the `G_RESOLVER_ERROR` domain).
    public var isResolverError: Bool { domain == g_resolver_error_quark() }

    // These checks live here, in a module that sees GLib only: in a target that also imports libsoup
    // or GStreamer headers, GIO's enum constants can be attributed to one of those modules, and a file
    // that does not import that one cannot see them.

    public var description: String { message }
}
