import CGLib
import CSoup
import Foundation

/// The credentials of private feeds, by origin, shared by every transfer of the daemon (feeds, web pages,
/// chapters, transcripts, cover art, episode downloads, playback). A request carries HTTP Basic
/// authorisation only when its own address is on an origin with a credential: a redirect to another host
/// (or from https to http) goes there without it. Thread-safe: playback asks from GStreamer's threads.
public final class FeedCredentials: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var byOrigin: [String: FeedCredential] = [:]

    /// An empty book.
    public init() {}

    /// Keeps `credential` for its origin, replacing what was there; returns what it replaced.
    @discardableResult
    public func keep(_ credential: FeedCredential) -> FeedCredential? {
        lock.withLock { byOrigin.updateValue(credential, forKey: credential.origin) }
    }

    /// Forgets the credential of `origin`; returns it.
    @discardableResult
    public func forget(origin: String) -> FeedCredential? {
        lock.withLock { byOrigin.removeValue(forKey: origin) }
    }

    /// The origins with a credential.
    public var origins: [String] {
        lock.withLock { Array(byOrigin.keys) }
    }

    /// The credential a request to `url` carries, if any.
    public func credential(for url: URL) -> FeedCredential? {
        guard let origin = FeedCredential.origin(of: url) else { return nil }
        return lock.withLock { byOrigin[origin] }
    }

    /// The `Authorization` header value for a request to `url`, if it carries one.
    func authorization(for url: URL) -> String? {
        credential(for: url).map { BasicAuthorization.header(user: $0.user, password: $0.password) }
    }

    /// Gives `message` the authorisation of its address, if it has one. A redirect libsoup follows by
    /// itself to another origin drops it (libsoup 3 removes `Authorization` then; the tests check it);
    /// Earshot's own redirects make a new message for each address.
    func authorize(_ message: OpaquePointer) {
        guard let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) else { return }
        defer { g_free(text) }
        if let url = URL(string: String(cString: text)), let value = authorization(for: url) {
            soup_message_headers_replace(soup_message_get_request_headers(message), "Authorization", value)
        }
    }
}
