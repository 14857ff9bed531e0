import ArgumentParser
import EarshotLocale

/// `earshot podcasts [--json]`: the library.
struct PodcastsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podcasts",
        abstract: tr("List the podcasts you subscribe to."),
        discussion: tr("Number, title, episodes, unplayed, last checked and auto-queue, in the order they were added."))

    @Flag(help: ArgumentHelp(tr("Print JSON (instants in ISO 8601).")))
    var json = false

    func run() throws {
        let client = try DaemonClient()
        Console.print(json ? try JSONOutput.render(try client.podcasts())
                           : PodcastTable.render(try client.podcastRows(), width: Terminal.outputWidth))
    }
}
