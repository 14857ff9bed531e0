import EarshotFeed
import EarshotLocale
import Foundation

/// What an address a listener gives (`earshot add`, OpenUri, D-Bus Subscribe) points to: a feed to
/// fetch (http, https or file; a web page's feed links are read when it turns out not to be a feed), a
/// show's page in a directory (Apple Podcasts, Podcast Index) whose feed the directory's lookup gives,
/// or nothing Earshot can subscribe to. `feed://`, `itpc://`, `pcast://` and `podcast://` mean http.
enum ListenerAddress: Equatable {
    case feed(URL)
    case directoryPage(Directory, id: String, page: URL)
    case refused(String)

    static func read(_ text: String) -> ListenerAddress {
        let written = WebAddress.unaliased(text)
        guard let url = URL(string: written), let scheme = url.scheme?.lowercased() else {
            return .refused(tr("“%s” is not an http, https or file URL", text))
        }
        if scheme == "file" { return .feed(url) }
        guard let web = WebAddress.http(written) else {
            return .refused(tr("“%s” is not an http, https or file URL", text))
        }
        if let id = applePodcastsID(web) { return .directoryPage(.itunes, id: id, page: web) }
        if let id = podcastIndexID(web) { return .directoryPage(.podcastindex, id: id, page: web) }
        return .feed(web)
    }

    /// `https://podcasts.apple.com/us/podcast/some-show/id123456789` (also itunes.apple.com, with or
    /// without a country and a name, and `?id=123`): the show's Apple id.
    private static func applePodcastsID(_ url: URL) -> String? {
        guard let host = url.host?.lowercased(), host == "podcasts.apple.com" || host == "itunes.apple.com" else { return nil }
        if let last = url.pathComponents.last, last.hasPrefix("id"), isNumber(last.dropFirst(2)) { return String(last.dropFirst(2)) }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return query.first { $0.name == "id" }?.value.flatMap { isNumber(Substring($0)) ? $0 : nil }
    }

    /// `https://podcastindex.org/podcast/920666`: the show's Podcast Index feed id.
    private static func podcastIndexID(_ url: URL) -> String? {
        guard let host = url.host?.lowercased(), host == "podcastindex.org" || host == "www.podcastindex.org" else { return nil }
        let parts = url.pathComponents.filter { $0 != "/" }
        guard parts.count == 2, parts[0] == "podcast", isNumber(Substring(parts[1])) else { return nil }
        return parts[1]
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 18 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
