import ArgumentParser

/// `earshot episodes --feed URL [--json]`: prints a feed's channel and episodes.
struct EpisodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episodes", abstract: "Fetch a feed and print its channel and episodes.")

    @Option(help: "The feed's URL (http, https or file).")
    var feed: String

    @Flag(help: "Print JSON with every field (dates in ISO 8601, durations in seconds).")
    var json = false

    func run() throws {}
}
