/// Tells a web page from audio: a server that answers an episode URL with an HTML error or login page
/// (with status 200) must not have it saved as the episode.
enum WebPageSniffer {
    /// Whether the Content-Type names a web page.
    static func isWebPage(contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type == "text/html" || type == "application/xhtml+xml"
    }

    /// Whether the body starts (after a byte-order mark and white space) with `<!DOCTYPE html` or `<html`.
    static func isWebPage(firstBytes: UnsafeRawBufferPointer) -> Bool {
        var bytes = firstBytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        let head = String(decoding: bytes.prefix(14), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }
}
