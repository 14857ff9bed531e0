import ArgumentParser
import Foundation
import EarshotLocale

/// `earshot download EPISODE...`: downloads episodes for offline listening.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download episodes for offline listening.",
        discussion: """
            The files go to $XDG_DATA_HOME/earshot/episodes/<podcast>/ and a downloaded episode plays from
            its file. The download runs in the daemon: follow it with earshot downloads.
            Example:
              earshot download 42 "interview"
            """)

    @OptionGroup var episodes: EpisodeArguments

    func run() throws {
        let client = try DaemonClient()
        let ids = try episodes.resolved(with: client)
        let metered = try client.download(ids)
        Console.print(ids.count == 1 ? "Downloading episode \(ids[0]) (see earshot downloads)."
                                     : "Downloading \(ids.count) episodes (see earshot downloads).")
        if metered { Console.print(tr("The connection is metered: this download runs anyway, as you asked for it.")) }
    }
}

/// `earshot downloads [--json] [--follow]`: what is downloading, waiting, failed and done.
struct DownloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downloads",
        abstract: "Show the downloads: progress, rate and time left, failures with their reason, files.")

    @Flag(help: "Print JSON (instants in ISO 8601, sizes in bytes, rates in bytes per second).")
    var json = false

    @Flag(help: "On a terminal, redraw twice a second until nothing is downloading or waiting.")
    var follow = false

    func validate() throws {
        if json && follow { throw ValidationError("--follow draws for a terminal; --json prints once") }
    }

    func run() throws {
        let client = try DaemonClient()
        var items = try client.downloads()
        if json { return Console.print(try JSONOutput.render(items)) }
        var text = DownloadList.render(items, width: Terminal.outputWidth)
        Console.print(text)
        guard follow, Terminal.isTerminal(Terminal.standardOutput) else { return }
        while items.contains(where: { $0.state == "downloading" || $0.state == "queued" }) {
            usleep(500_000)
            items = try client.downloads()
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            text = DownloadList.render(items, width: Terminal.outputWidth)
            Console.redraw(lines: lines, with: text)
        }
    }
}

/// `earshot delete EPISODE...`: deletes downloaded files (progress stays).
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete the downloaded files of episodes (their progress and places in Up Next stay).")

    @OptionGroup var episodes: EpisodeArguments

    func run() throws {
        let client = try DaemonClient()
        let ids = try episodes.resolved(with: client)
        try client.deleteDownloads(ids)
        Console.print(ids.count == 1 ? "Deleted the file of episode \(ids[0])." : "Deleted the files of \(ids.count) episodes.")
    }
}

/// One or more episodes named on the command line, as numbers or parts of titles.
struct EpisodeArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The episodes: numbers or parts of titles.", valueName: "episode"),
        completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference]

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError("name at least one episode") }
    }

    /// The episodes' ids, each name resolved through the daemon (an ambiguous or unknown one fails).
    func resolved(with client: DaemonClient) throws -> [Int64] {
        let resolver = Resolver(client: client)
        return try episodes.map { try resolver.episode($0) }
    }
}
