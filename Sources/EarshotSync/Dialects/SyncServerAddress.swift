import EarshotFeed
import Foundation

/// The rules for a sync server's address, the same for `sync login` (checked by the command line before
/// anything is sent, and again by the daemon) and Nextcloud's login flow: http or https only; plain http
/// only to this computer (`ThisComputer`) unless allowed, since the password would cross the network
/// readable; kept, shown and logged without a user name or password written into it.
public enum SyncServerAddress {
    /// Why `server` is refused: not http(s), or plain http to another computer without `allowHTTP`.
    public static func refusal(of server: URL, allowHTTP: Bool) -> String? {
        let shown = bare(server).absoluteString
        switch server.scheme?.lowercased() {
        case "https": return nil
        case "http":
            if allowHTTP || ThisComputer.names(server.host ?? "") { return nil }
            return "\(shown) is plain http: the password would cross the network readable (use https, or --allow-http)"
        default:
            return "“\(shown)” is not an http or https address"
        }
    }

    /// `server` without a user name or password written into it (`https://alice:pw@host` → `https://host`).
    public static func bare(_ server: URL) -> URL { FeedCredential.split(server).url }

    /// Whether `address` (where a Nextcloud login flow says to poll, or to log in) is on `server`'s
    /// origin: the same scheme, host and port. The flow's token and the app password go nowhere else.
    public static func sameOrigin(_ address: URL, as server: URL) -> Bool {
        func origin(_ url: URL) -> String? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
        }
        return origin(address) != nil && origin(address) == origin(server)
    }
}
