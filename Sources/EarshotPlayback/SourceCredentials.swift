import CEarshot
import CGLib
import CGStreamer
import Foundation

/// Hands a private feed's user name and password to playbin's HTTP source (`souphttpsrc`'s `user-id`
/// and `user-pw`, which answer the server's 401 challenge) when the episode's address is on an origin
/// that has them; every other source is left as it is.
final class SourceCredentials {
    /// The user name and password for an address, if it has them.
    typealias Lookup = @Sendable (URL) -> (user: String, password: String)?
    private let lookup: Lookup

    /// Watches `playbin`'s `source-setup` from now on (for as long as the element lives).
    @discardableResult
    init(watching playbin: UnsafeMutablePointer<GstElement>, lookup: @escaping Lookup) {
        self.lookup = lookup
        let me = Unmanaged.passRetained(self).toOpaque()
        g_signal_connect_data(UnsafeMutableRawPointer(playbin), "source-setup", unsafeBitCast({ (_: UnsafeMutableRawPointer?, source: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
            guard let source, let data else { return }
            Unmanaged<SourceCredentials>.fromOpaque(data).takeUnretainedValue().prepare(source)
        } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
        me, { data, _ in data.map { Unmanaged<SourceCredentials>.fromOpaque($0).release() } }, GConnectFlags(rawValue: 0))
    }

    private func prepare(_ source: UnsafeMutableRawPointer) {
        guard earshot_object_has_property(source, "user-id") != 0, let location = earshot_object_dup_string(source, "location") else { return }
        defer { g_free(location) }
        guard let url = URL(string: String(cString: location)), let credential = lookup(url) else { return }
        earshot_object_set_string(source, "user-id", credential.user)
        earshot_object_set_string(source, "user-pw", credential.password)
    }
}
