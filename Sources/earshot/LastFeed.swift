import Foundation

/// Remembers the feed the daemon served last, so `earshot` alone serves it again:
/// one line in `$XDG_STATE_HOME/earshot/last-feed` (default `~/.local/state`).
enum LastFeed {
    static var file: URL {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
        return state.appendingPathComponent("earshot/last-feed")
    }

    static func read() -> URL? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func write(_ url: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (url.absoluteString + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
