import ArgumentParser
import EarshotLocale

/// `earshot remove PODCAST [--delete-files]`: unsubscribes.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: tr("Unsubscribe from a podcast."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Its episodes, their progress and their places in Up Next go; an episode that is playing
            plays to its end.
            Examples:
              earshot remove 3
              earshot remove "daily news" --delete-files
            """))

    @Argument(help: ArgumentHelp(tr("The podcast: its number (see earshot podcasts) or part of its title."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")), completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference

    @Flag(help: ArgumentHelp(tr("Also delete its downloaded episodes.")))
    var deleteFiles = false

    func run() throws {
        let client = try DaemonClient()
        let chosen = try Resolver(client: client).podcast(podcast)
        try client.unsubscribe(chosen.id, deleteFiles: deleteFiles)
        Console.print(tr("Unsubscribed from “%s”.", chosen.displayTitle))
    }
}
