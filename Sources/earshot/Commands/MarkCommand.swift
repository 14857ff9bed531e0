import ArgumentParser
import EarshotLocale
import Foundation

/// `earshot mark played|unplayed …`: says an episode was heard (elsewhere, or not at all), one at a time
/// or a whole backlog.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: tr("Mark episodes played or unplayed: one at a time, or a podcast's backlog."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Played puts an episode's place at its end and takes it out of Up Next and the inbox (the one
            playing gives way to the next); unplayed puts its place back at 0. Each undoes the other.
            Examples:
              earshot mark played 812 813
              earshot mark played "daily news" --all
              earshot mark played "daily news" --before 812
              earshot mark played "daily news" --older-than 30d
              earshot mark unplayed 812
            """),
        subcommands: [MarkPlayedCommand.self, MarkUnplayedCommand.self])
}

/// `earshot mark played …`.
struct MarkPlayedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "played", abstract: tr("Mark episodes played."))
    @OptionGroup var options: MarkOptions
    func validate() throws { try options.check() }
    func run() throws { try options.mark(played: true) }
}

/// `earshot mark unplayed …`.
struct MarkUnplayedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unplayed", abstract: tr("Mark episodes unplayed."))
    @OptionGroup var options: MarkOptions
    func validate() throws { try options.check() }
    func run() throws { try options.mark(played: false) }
}

/// What `mark played` and `mark unplayed` take: episodes, or one podcast with a choice of its episodes.
struct MarkOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("Episodes (numbers or parts of titles); with --all, --before or --older-than, one podcast."),
                                 valueName: trc("value name in usage, as in earshot play <episode>", "episode-or-podcast")), completion: .custom(LibraryCompletions.episodesOrPodcasts))
    var targets: [Reference] = []

    @Flag(help: ArgumentHelp(tr("Every episode of the podcast.")))
    var all = false

    @Option(help: ArgumentHelp(tr("Only the podcast's episodes released before this one of its episodes."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
            completion: .custom(LibraryCompletions.episodes))
    var before: Reference?

    @Option(name: .customLong("older-than"), help: ArgumentHelp(tr("Only the podcast's episodes released before then: %s.", DateArgument.help),
                                                                 valueName: trc("value name in usage, as in earshot play <episode>", "when")))
    var olderThan: DateArgument?

    /// Whether the command names a podcast rather than episodes.
    private var choosesFromPodcast: Bool { all || before != nil || olderThan != nil }

    func check() throws {
        guard !targets.isEmpty else { throw ValidationError(tr("name at least one episode (or a podcast with --all)")) }
        if choosesFromPodcast, targets.count != 1 {
            throw ValidationError(tr("--all, --before and --older-than take exactly one podcast"))
        }
        if all, before != nil || olderThan != nil { throw ValidationError(tr("--all takes every episode: leave out --before and --older-than")) }
    }

    func mark(played: Bool) throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        if choosesFromPodcast {
            let podcast = try resolver.podcast(targets[0])
            let marked = try client.mark(podcast: podcast.id, played: played, before: try before.map { try resolver.episode($0) },
                                         releasedBefore: olderThan?.date)
            let n = marked.count
            // TRANSLATORS: %1$d is how many episodes, %2$s the podcast's title.
            Console.print(played ? trn("Marked %1$d episode of “%2$s” played.", "Marked %1$d episodes of “%2$s” played.", n, n, podcast.displayTitle)
                                 : trn("Marked %1$d episode of “%2$s” unplayed.", "Marked %1$d episodes of “%2$s” unplayed.", n, n,
                                       podcast.displayTitle))
        } else {
            let ids = try targets.map { try resolver.episode($0) }
            let marked = try client.mark(ids, played: played)
            let markedSet = Set(marked)
            if let missing = ids.first(where: { !markedSet.contains($0) }) { throw CommandFailure(tr("no episode %d", Int(missing))) }
            let n = marked.count
            Console.print(played ? trn("Marked %d episode played.", "Marked %d episodes played.", n, n)
                                 : trn("Marked %d episode unplayed.", "Marked %d episodes unplayed.", n, n))
        }
    }
}
