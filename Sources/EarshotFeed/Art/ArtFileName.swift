import CGLib
import Foundation

/// How cached images are named: `<SHA-256 hex of the URL string>.<extension>`, the extension taken from
/// the Content-Type when it is a well-known image type, else from the URL's path, else `img`.
enum ArtFileName {
    /// Extensions for the image types podcast art comes in (Content-Type → extension).
    static let extensionsByContentType: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg",
        "image/png": "png", "image/apng": "png",
        "image/webp": "webp",
        "image/gif": "gif",
        "image/svg+xml": "svg",
        "image/avif": "avif",
    ]

    /// The extension used when neither the Content-Type nor the URL's path names one.
    static let fallbackExtension = "img"

    /// Every extension a cached file can have for `remote`, the likeliest first.
    static func candidateExtensions(for remote: URL) -> [String] {
        var candidates: [String] = []
        if let fromPath = pathExtension(of: remote) { candidates.append(fromPath) }
        for known in ["jpg", "png", "webp", "gif", "svg", "avif", fallbackExtension] where !candidates.contains(known) {
            candidates.append(known)
        }
        return candidates
    }

    /// The extension for an image of `contentType` downloaded from `remote`.
    static func fileExtension(contentType: String, remote: URL) -> String {
        extensionsByContentType[contentType.lowercased()] ?? pathExtension(of: remote) ?? fallbackExtension
    }

    /// The URL path's extension, lowercased, when it is short and plain (`jpeg` becomes `jpg`).
    static func pathExtension(of remote: URL) -> String? {
        let raw = remote.pathExtension.lowercased()
        guard (1...5).contains(raw.count), raw.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return nil
        }
        return raw == "jpeg" || raw == "jpe" ? "jpg" : raw
    }

    /// The SHA-256 of the URL string, as 64 lowercase hex digits (GLib's checksum).
    static func hash(of remote: URL) -> String {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, remote.absoluteString, -1)!
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
