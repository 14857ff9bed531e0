import Foundation

/// Reads the addresses an OPML outline gives: the feed's (`xmlUrl`), which must be absolute http or
/// https, and the web page's (`htmlUrl`), kept only when it is.
enum OPMLAddress {
    /// An address read: the feed URL, or why it is not one.
    enum Reading {
        case feed(URL)
        case skip(OPMLSkipReason)
    }

    /// The feed URL `raw` names, white space around it removed and the podcast aliases of http
    /// (`feed:`, `itpc:`, `pcast:`, `podcast:`) turned into http; or why it cannot be subscribed to.
    static func feedURL(_ raw: String) -> Reading {
        let written = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !written.isEmpty else { return .skip(.missingAddress) }
        guard let url = URL(string: WebAddress.unaliased(written)) else { return .skip(.invalidAddress) }
        guard let scheme = url.scheme?.lowercased() else { return .skip(.relativeAddress) }
        guard scheme == "http" || scheme == "https" else { return .skip(.unsupportedScheme(scheme)) }
        guard let host = url.host, !host.isEmpty else { return .skip(.invalidAddress) }
        return .feed(url)
    }

    /// The web page `raw` names when it is an absolute http or https URL with a host, else nil.
    static func webPage(_ raw: String?) -> URL? {
        guard let raw, case .feed(let url) = feedURL(raw) else { return nil }
        return url
    }

    /// The key two addresses of the same feed share: scheme and host compared without case.
    static func identity(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        return components.string ?? url.absoluteString
    }
}
