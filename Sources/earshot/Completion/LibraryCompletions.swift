import ArgumentParser
import Foundation

/// Tab completions for PODCAST and EPISODE arguments: the listener's own podcasts and episodes, asked
/// of the Earshot that is running. They are quick and silent: with no session bus, no daemon on it, a
/// daemon that does not answer within half a second, or any failure, they offer nothing, and they
/// never start the daemon (the calls carry NO_AUTO_START).
enum LibraryCompletions {
    /// At most this many episodes are offered (the newest that match what is typed).
    static let episodeLimit = 200

    /// The podcasts' titles.
    @Sendable static func podcasts(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        offer { try $0.podcasts().map(\.displayTitle) }
    }

    /// The titles of the episodes whose title contains what is typed so far, newest first.
    @Sendable static func episodes(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        offer { try $0.episodes(matching: typed(prefix)).prefix(episodeLimit).map(\.displayTitle) }
    }

    /// The titles of the episodes in Up Next.
    @Sendable static func queuedEpisodes(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        offer { try $0.queue().map(\.displayTitle) }
    }

    /// For `earshot play`: podcasts after `--podcast`, else episodes.
    @Sendable static func episodesOrPodcasts(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        words.contains("--podcast") ? podcasts(words, index, prefix) : episodes(words, index, prefix)
    }

    /// What `ask` returns from the running daemon, formatted for the asking shell; nothing on any failure.
    static func offer(
        environment: [String: String] = ProcessInfo.processInfo.environment, _ ask: (DaemonClient) throws -> [String]
    ) -> [String] {
        guard sessionBusExists(environment),
              let client = try? DaemonClient(startsDaemon: false, patience: .milliseconds(500)),
              let titles = try? ask(client) else { return [] }
        return CompletionWords.format(titles, for: CompletionShell.requesting)
    }

    /// Whether a session bus is there to ask. Without an address, libdbus would try X11 autolaunch,
    /// which can start a bus of its own: a completion never does that.
    static func sessionBusExists(_ environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    /// The word as typed, without the shell's quoting: what the daemon's title search looks for.
    static func typed(_ prefix: String) -> String {
        prefix.filter { !"\\'\"".contains($0) }
    }
}
