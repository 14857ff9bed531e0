import Foundation

/// Reads addresses written by people and by directories: white space around them is ignored, and the
/// podcast apps' aliases of http (`feed://`, `itpc://`, `pcast://`, `podcast://`, also `feed:https://…`)
/// mean http. OPML import, `earshot add`, OpenUri and the directory readers all read addresses this way.
public enum WebAddress {
    /// Podcast apps' aliases for http, written as `feed://host/…` (or `feed:https://host/…`).
    static let httpAliases = ["feed", "itpc", "pcast", "podcast"]

    /// `text` with white space around it removed and an alias of http replaced by http.
    public static func unaliased(_ text: String) -> String {
        let address = String(text.trimmingWhitespace())
        guard let colon = address.firstIndex(of: ":"), httpAliases.contains(address[..<colon].lowercased()) else { return address }
        let rest = address[address.index(after: colon)...]
        if rest.hasPrefix("//") { return "http:" + rest }
        return String(rest)
    }

    /// The absolute http or https URL with a host that `text` names (aliases read as http), else nil.
    public static func http(_ text: String) -> URL? {
        guard let url = URL(string: unaliased(text)), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
