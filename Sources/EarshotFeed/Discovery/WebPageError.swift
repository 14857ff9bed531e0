import EarshotLocale

/// Why a web page's feed links could not be read, in words that follow the page's address.
public enum WebPageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, or the transfer failed.
    case unreachable(String)
    /// The server answered with an HTTP error.
    case http(status: Int, reason: String)
    /// What came back is not HTML (its media type, when named).
    case notAWebPage(String?)
    /// The page is larger than the limit.
    case tooLarge(limit: Int64)

    public var description: String {
        switch self {
        case .unreachable(let words): tr("could not be reached: %s", "\(words)")
        case .http(let status, let reason): reason.isEmpty ? tr("the server answered HTTP %s", "\(status)") : tr("the server answered HTTP %1$s %2$s", "\(status)", "\(reason)")
        case .notAWebPage(let type?): tr("neither a feed nor a web page (%s)", "\(type)")
        case .notAWebPage(nil): tr("neither a feed nor a web page")
        case .tooLarge(let limit): tr("the page is larger than %s MiB, so its feed links were not looked for", "\(limit >> 20)")
        }
    }
}
