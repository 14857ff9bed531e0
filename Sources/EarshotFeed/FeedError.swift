import EarshotLocale

/// Why a feed could not be loaded (the seed's "invalid data" and "no connectivity", made precise).
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is not a podcast feed Earshot can read. `line`/`column` locate the fault when known.
    case invalidData(reason: String, line: Int?, column: Int?)
    /// The server could not be reached or the transfer failed (refused, DNS, timeout, TLS, redirect loop…).
    case connectivity(String)
    /// The server answered with an HTTP error status.
    case http(status: Int, reason: String)
    /// The document grew past the size limit while streaming.
    case tooLarge(limit: Int64)
    /// Earshot stopped the transfer: a redirect away from http(s), the deadline, or a too slow server.
    case transfer(TransferFault)

    public var description: String {
        switch self {
        case .invalidData(let reason, let line, let column):
            if let line, let column { return tr("not a readable feed: %1$s (line %2$s, column %3$s)", "\(reason)", "\(line)", "\(column)") }
            if let line { return tr("not a readable feed: %1$s (line %2$s)", "\(reason)", "\(line)") }
            return tr("not a readable feed: %s", "\(reason)")
        case .connectivity(let message):
            return tr("could not reach the feed: %s", "\(message)")
        case .http(let status, let reason):
            return reason.isEmpty ? tr("the server answered HTTP %s", "\(status)") : tr("the server answered HTTP %1$s %2$s", "\(status)", "\(reason)")
        case .tooLarge(let limit):
            return tr("the feed is larger than the %s MiB limit", "\(limit / (1024 * 1024))")
        case .transfer(let fault):
            return tr("could not fetch the feed: %s", "\(fault)")
        }
    }
}
