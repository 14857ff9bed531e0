import ArgumentParser
import EarshotLocale
import Foundation
import EarshotLocale

/// `earshot download EPISODE...`: downloads episodes for offline listening.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: tr("Download episodes for offline listening."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            The files go to $XDG_DATA_HOME/earshot/episodes/<podcast>/ and a downloaded episode plays from
            its file. The download runs in the daemon: follow it with earshot downloads.
            Example:
              earshot download 42 "interview"
            """))

    @OptionGroup var episodes: EpisodeArguments

    func run() throws {
        let client = try DaemonClient()
        let ids = try episodes.resolved(with: client)
        let metered = try client.download(ids)
        // TRANSLATORS: %d is the episode's number.
        Console.print(ids.count == 1 ? tr("Downloading episode %d (see earshot downloads).", Int(ids[0]))
                                     : trn("Downloading %d episode (see earshot downloads).", "Downloading %d episodes (see earshot downloads).",
                                           ids.count, ids.count))
        if metered { Console.print(tr("The connection is metered: this download runs anyway, as you asked for it.")) }
    }
}

/// `earshot downloads [--json] [--follow]`: what is downloading, waiting, failed and done.
struct DownloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downloads",
        abstract: tr("Show the downloads: progress, rate and time left, failures with their reason, files."))

    @Flag(help: ArgumentHelp(tr("Print JSON (instants in ISO 8601, sizes in bytes, rates in bytes per second).")))
    var json = false

    @Flag(help: ArgumentHelp(tr("On a terminal, redraw twice a second until nothing is downloading or waiting.")))
    var follow = false

    func validate() throws {
        if json && follow { throw ValidationError(tr("--follow draws for a terminal; --json prints once")) }
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
        abstract: tr("Delete the downloaded files of episodes (their progress and places in Up Next stay)."))

    @OptionGroup var episodes: EpisodeArguments

    func run() throws {
        let client = try DaemonClient()
        let ids = try episodes.resolved(with: client)
        try client.deleteDownloads(ids)
        // TRANSLATORS: %d is the episode's number.
        Console.print(ids.count == 1 ? tr("Deleted the file of episode %d.", Int(ids[0]))
                                     : trn("Deleted the file of %d episode.", "Deleted the files of %d episodes.", ids.count, ids.count))
    }
}

/// One or more episodes named on the command line, as numbers or parts of titles.
struct EpisodeArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(tr("The episodes: numbers or parts of titles."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
        completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference]

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
    }

    /// The episodes' ids, each name resolved through the daemon (an ambiguous or unknown one fails).
    func resolved(with client: DaemonClient) throws -> [Int64] {
        let resolver = Resolver(client: client)
        return try episodes.map { try resolver.episode($0) }
    }
}
