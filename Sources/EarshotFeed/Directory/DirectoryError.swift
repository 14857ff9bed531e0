import EarshotLocale

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
        // TRANSLATORS: this and the next messages follow a directory's name: "Apple Podcasts could not be reached: …".
        case .unreachable(let words): tr("could not be reached: %s", "\(words)")
        // TRANSLATORS: follows a directory's name ("fyyd asked Earshot to slow down …").
        case .rateLimited(let after?): tr("asked Earshot to slow down (429 Too Many Requests; try again after %s)", "\(after)")
        case .rateLimited(nil): tr("asked Earshot to slow down (429 Too Many Requests)")
        case .http(let status, let reason): reason.isEmpty ? tr("answered HTTP %s", "\(status)") : tr("answered HTTP %1$s %2$s", "\(status)", "\(reason)")
        case .refused(let words): tr("refused: %s", "\(words)")
        case .unreadable(let words): tr("sent a reply Earshot cannot read (%s)", "\(words)")
        case .tooLarge(let limit): tr("sent a reply larger than %s MiB", "\(limit >> 20)")
        // TRANSLATORS: follows a directory's name ("Podcast Index needs …"); keep the settings' names.
        case .missingKey: tr("needs podcastindex-key and podcastindex-secret in the configuration file")
        case .timedOut(let seconds): tr("did not answer within %s s", "\(seconds)")
        case .notFound(let id): tr("has no show %s with a feed", "\(id)")
        case .redirected(let host):
            // TRANSLATORS: follows a directory's name; %s is a server's name; keep "-url" (a setting's ending, itunes-url).
            tr("sent Earshot to %s, where its key is not sent (set the directory's -url in the configuration file to its new address)", host)
        }
    }
}
