/// Why a directory gave no shows, in words that follow the directory's name ("fyyd: did not answer
/// within 10 s").
public enum DirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory could not be reached, or the transfer failed.
    case unreachable(String)
    /// It answered 429 Too Many Requests (`retryAfter`: its Retry-After header, when sent).
    case rateLimited(retryAfter: String?)
    /// It answered with another HTTP error.
    case http(status: Int, reason: String)
    /// It answered, in its own format, that it will not: a bad key, a refused query (its own words).
    case refused(String)
    /// The reply is not in the shape the directory documents.
    case unreadable(String)
    /// The reply grew past the size limit.
    case tooLarge(limit: Int64)
    /// Podcast Index is asked only with a key and a secret in the configuration.
    case missingKey
    /// It did not answer within its deadline.
    case timedOut(seconds: Int)
    /// A lookup found no show with this id (or none with a feed).
    case notFound(String)
    /// It answered a request that carries its key with a redirect (to this host), which is not followed:
    /// the key goes only to the address configured.
    case redirected(to: String)

    public var description: String {
        switch self {
        case .unreachable(let words): "could not be reached: \(words)"
        case .rateLimited(let after?): "asked Earshot to slow down (429 Too Many Requests; try again after \(after))"
        case .rateLimited(nil): "asked Earshot to slow down (429 Too Many Requests)"
        case .http(let status, let reason): reason.isEmpty ? "answered HTTP \(status)" : "answered HTTP \(status) \(reason)"
        case .refused(let words): "refused: \(words)"
        case .unreadable(let words): "sent a reply Earshot cannot read (\(words))"
        case .tooLarge(let limit): "sent a reply larger than \(limit >> 20) MiB"
        case .missingKey: "needs podcastindex-key and podcastindex-secret in the configuration file"
        case .timedOut(let seconds): "did not answer within \(seconds) s"
        case .notFound(let id): "has no show \(id) with a feed"
        case .redirected(let host):
            "sent Earshot to \(host), where its key is not sent (set the directory's -url in the configuration file to its new address)"
        }
    }
}
