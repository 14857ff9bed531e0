import ArgumentParser
import EarshotLocale

/// `earshot inbox [--json]`, `earshot inbox queue EPISODE...`, `earshot inbox dismiss EPISODE... | --all`:
/// the new episodes a refresh found, waiting to be queued or dismissed.
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: tr("Show the new episodes waiting in the inbox, and queue or dismiss them."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            New episodes found by a refresh wait here (unless their podcast puts them straight into Up
            Next). Queueing, dismissing, marking played or playing an episode takes it out. Subscribing and
            importing put nothing here: a backlog is not news. EPISODE is its number or part of its title.
            Examples:
              earshot inbox
              earshot inbox queue 812 815
              earshot inbox dismiss --all
            """),
        subcommands: [InboxListCommand.self, InboxQueueCommand.self, InboxDismissCommand.self],
        defaultSubcommand: InboxListCommand.self)
}

/// `earshot inbox [list] [--json]`: the inbox, newest first.
struct InboxListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: tr("Show the inbox, newest first."))

    @Flag(help: ArgumentHelp(tr("Print JSON (dates in ISO 8601, durations in seconds).")))
    var json = false

    func run() throws {
        let episodes = try DaemonClient().episodes(filter: "inbox")
        if json { return Console.print(try JSONOutput.render(episodes)) }
        Console.print(episodes.isEmpty ? tr("The inbox is empty.") : EpisodeTable.render(episodes, showPodcast: true, width: Terminal.outputWidth))
    }
}

/// `earshot inbox queue EPISODE...`: into Up Next (at the end), out of the inbox.
struct InboxQueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "queue", abstract: tr("Put inbox episodes into Up Next."))

    @Argument(help: ArgumentHelp(tr("The episodes: numbers, or parts of titles of inbox episodes."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        try client.queueAdd(try episodes.map { try resolver.inboxEpisode($0) }, at: 0)
        Console.print(EpisodeTable.renderQueue(try client.queue(), width: Terminal.outputWidth))
    }
}

/// `earshot inbox dismiss EPISODE... | --all`: out of the inbox, nothing else changes.
struct InboxDismissCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dismiss", abstract: tr("Take episodes out of the inbox."))

    @Argument(help: ArgumentHelp(tr("The episodes: numbers, or parts of titles of inbox episodes."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    @Flag(help: ArgumentHelp(tr("Every episode of the inbox.")))
    var all = false

    func validate() throws {
        if all, !episodes.isEmpty { throw ValidationError(tr("--all dismisses every episode: name none")) }
        if !all, episodes.isEmpty { throw ValidationError(tr("name at least one episode, or use --all")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        let count = try client.dismiss(all ? [] : try episodes.map { try resolver.inboxEpisode($0) })
        Console.print(trn("Dismissed %d episode.", "Dismissed %d episodes.", count, count))
    }
}
