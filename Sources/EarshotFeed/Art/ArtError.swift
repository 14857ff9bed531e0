import EarshotLocale

/// Why a cover image could not be cached.
public enum ArtError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server did not send an image: a Content-Type other than `image/*` (an HTML error page served
    /// with 200, say), no Content-Type at all, or an empty body. The text says what came instead.
    case notAnImage(String)
    /// The server answered with an HTTP status other than 2xx (after libsoup followed redirects).
    case http(status: Int, reason: String)
    /// The server could not be reached or the transfer failed (refused, DNS, timeout, TLS, too many
    /// redirects…).
    case connectivity(String)
    /// The image is larger than the size limit (announced by Content-Length, or found while streaming).
    case tooLarge(limit: Int64)
    /// The URL's scheme is neither http, https nor file.
    case unsupportedScheme(String)
    /// Earshot stopped the transfer: a redirect away from http(s), the deadline, or a too slow server.
    case transfer(TransferFault)
    /// A `file://` image that does not exist (or is not a regular file).
    case missingFile(path: String)
    /// The image arrived but could not be stored in the cache directory.
    case cannotWrite(path: String, reason: String)
    /// The connection is metered: images not in the cache are not downloaded (`ArtCache.paused`).
    case paused

    public var description: String {
        switch self {
        case .notAnImage(let what):
            return tr("the cover art is not an image: %s", "\(what)")
        case .http(let status, let reason):
            return reason.isEmpty ? tr("the server answered HTTP %s", "\(status)") : tr("the server answered HTTP %1$s %2$s", "\(status)", "\(reason)")
        case .connectivity(let message):
            return tr("could not download the cover art: %s", "\(message)")
        case .tooLarge(let limit):
            return tr("the cover art is larger than the %s limit", "\(ArtError.formatted(limit))")
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty
                ? tr("the cover art URL has no scheme (only http, https and file are supported)")
                : tr("Earshot cannot fetch cover art over %s (only http, https and file are supported)", "\(scheme)")
        case .transfer(let fault):
            return tr("could not download the cover art: %s", "\(fault)")
        case .missingFile(let path):
            return tr("there is no image file %s", "\(path)")
        case .cannotWrite(let path, let reason):
            return tr("could not store the cover art in %1$s: %2$s", "\(path)", "\(reason)")
        case .paused:
            return tr("the connection is metered: cover art is not downloaded until it is not")
        }
    }

    private static func formatted(_ bytes: Int64) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return tr("%s MiB", "\(bytes >> 20)") }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return tr("%s KiB", "\(bytes >> 10)") }
        return tr("%s bytes", "\(bytes)")
    }
}
