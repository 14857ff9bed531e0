import Foundation

/// A user name and password that a private feed's host asks for (HTTP Basic), and the origin they belong
/// to: `https://host:port`, the only place they are ever sent.
public struct FeedCredential: Sendable, Equatable {
    /// The origin, `scheme://host:port` in lower case, e.g. `https://feeds.example.org:443`.
    public var origin: String
    public var user: String
    public var password: String

    /// The credential for the origin of `url`; nil when `url` cannot carry a password (see `origin(of:)`).
    public init?(for url: URL, user: String, password: String) {
        guard let origin = Self.origin(of: url) else { return nil }
        self.init(origin: origin, user: user, password: password)
    }

    /// A credential for `origin` as written by `origin(of:)`.
    public init(origin: String, user: String, password: String) {
        self.origin = origin
        self.user = user
        self.password = password
    }

    /// The origin whose requests carry a password given for `url`: https anywhere, plain http only to
    /// this computer (a password sent over plain http to another computer crosses the network readable).
    /// Nil for any other address.
    public static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        switch scheme {
        case "https": return "https://\(host):\(url.port ?? 443)"
        case "http" where ThisComputer.names(host): return "http://\(host):\(url.port ?? 80)"
        default: return nil
        }
    }

    /// The host part of `origin`, for messages ("feeds.example.org").
    public static func host(ofOrigin origin: String) -> String {
        URL(string: origin)?.host ?? origin
    }

    /// The address without the user name and password written into it (`https://user:pw@host/feed`),
    /// and those, when it had both. Everything Earshot keeps or shows is the bare address.
    public static func split(_ url: URL) -> (url: URL, user: String?, password: String?) {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.user != nil || parts.password != nil else {
            return (url, nil, nil)
        }
        let user = parts.user, password = parts.password
        parts.user = nil
        parts.password = nil
        return (parts.url ?? url, user, password)
    }
}
