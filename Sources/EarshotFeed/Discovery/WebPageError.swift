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
        case .unreachable(let words): "could not be reached: \(words)"
        case .http(let status, let reason): reason.isEmpty ? "the server answered HTTP \(status)" : "the server answered HTTP \(status) \(reason)"
        case .notAWebPage(let type?): "neither a feed nor a web page (\(type))"
        case .notAWebPage(nil): "neither a feed nor a web page"
        case .tooLarge(let limit): "the page is larger than \(limit >> 20) MiB, so its feed links were not looked for"
        }
    }
}
