import ArgumentParser
import EarshotFeed

/// The `earshot` command: the daemon and its helper subcommands.
struct Earshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "A podcast player that lives on the Linux session bus (MPRIS).",
        version: EarshotVersion.string,
        subcommands: [ServeCommand.self, EpisodesCommand.self],
        defaultSubcommand: ServeCommand.self)
}
