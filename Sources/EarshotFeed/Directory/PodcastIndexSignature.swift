import CGLib
import Foundation

/// The headers that sign a Podcast Index API request, as its documentation asks: `X-Auth-Key` (the
/// key), `X-Auth-Date` (the Unix time, whole seconds) and `Authorization`, the SHA-1 of key, secret and
/// that time written together, in lower-case hexadecimal. The server accepts a request for 5 minutes.
public enum PodcastIndexSignature {
    public static func headers(key: String, secret: String, at date: Date) -> [(String, String)] {
        let time = String(Int64(date.timeIntervalSince1970.rounded(.down)))
        return [("X-Auth-Key", key), ("X-Auth-Date", time), ("Authorization", sha1(key + secret + time))]
    }

    /// The SHA-1 of `text`'s UTF-8 bytes in lower-case hexadecimal (GLib's checksum).
    static func sha1(_ text: String) -> String {
        guard let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA1, text, -1) else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
