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
            if let line, let column { return "not a readable feed: \(reason) (line \(line), column \(column))" }
            if let line { return "not a readable feed: \(reason) (line \(line))" }
            return "not a readable feed: \(reason)"
        case .connectivity(let message):
            return "could not reach the feed: \(message)"
        case .http(let status, let reason):
            return reason.isEmpty ? "the server answered HTTP \(status)" : "the server answered HTTP \(status) \(reason)"
        case .tooLarge(let limit):
            return "the feed is larger than the \(limit / (1024 * 1024)) MiB limit"
        case .transfer(let fault):
            return "could not fetch the feed: \(fault)"
        }
    }
}
