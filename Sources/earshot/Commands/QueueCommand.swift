import ArgumentParser
import EarshotLocale

/// `earshot queue [list] [--json]`, `queue add|remove|move|clear`: Up Next.
struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: tr("Show or change Up Next, the episodes that play next."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            EPISODE is its number (see earshot episodes) or part of its title.
            Examples:
              earshot queue
              earshot queue add 812 815 --at 1
              earshot queue move "the interview" 2
              earshot queue remove 812
              earshot queue clear
            """),
        subcommands: [QueueListCommand.self, QueueAddCommand.self, QueueRemoveCommand.self,
                      QueueMoveCommand.self, QueueClearCommand.self],
        defaultSubcommand: QueueListCommand.self)
}

/// `earshot queue [list] [--json]`: Up Next, in order.
struct QueueListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: tr("List Up Next (the default)."))

    @Flag(help: ArgumentHelp(tr("Print JSON (durations in seconds).")))
    var json = false

    func run() throws {
        let queue = try DaemonClient().queue()
        Console.print(json ? try JSONOutput.render(queue) : EpisodeTable.renderQueue(queue, width: Terminal.outputWidth))
    }
}
