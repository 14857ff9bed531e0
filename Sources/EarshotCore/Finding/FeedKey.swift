import EarshotFeed
import Foundation

/// What two addresses of one feed have in common, for telling that two directories list the same show:
/// http and https alike, the host without case and without a leading `www.`, no default port, no
/// fragment, no trailing slash, the `feed://` aliases read as http. The path and the query stay as
/// written (`?format=mp3` and `?format=aac` are two feeds).
struct FeedKey: Hashable {
    let text: String

    init(_ url: URL) {
        guard let absolute = WebAddress.http(url.absoluteString), var components = URLComponents(url: absolute, resolvingAgainstBaseURL: false) else {
            text = url.absoluteString
            return
        }
        var host = components.host?.lowercased() ?? ""
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let port = components.port.flatMap { [80, 443].contains($0) ? nil : ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        components.fragment = nil
        text = host + port + path + query
    }
}
