import Foundation

/// Turns what a person typed into a feed URL: a URL with a scheme, or a path to an existing file.
enum FeedAddress {
    static func url(from text: String) -> URL? {
        if let url = URL(string: text), let scheme = url.scheme, scheme.count > 1 { return url }
        let path = (text as NSString).expandingTildeInPath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL
    }
}
