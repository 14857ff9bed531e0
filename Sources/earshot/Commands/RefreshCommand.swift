import ArgumentParser
import EarshotLocale

/// `earshot refresh [PODCAST]`: refreshes one podcast or all of them now, with a progress bar on a
/// terminal; new episodes per podcast and the totals; a feed that fails is one line and status 1.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: tr("Check podcasts for new episodes now."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Examples:
              earshot refresh
              earshot refresh "daily news"
            """))

    @Argument(help: ArgumentHelp(tr("The podcast: its number or part of its title. Default: every podcast."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")), completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    @Flag(help: ArgumentHelp(tr("Print one result per podcast as JSON.")))
    var json = false

    func run() throws {
        let client = try DaemonClient()
        let ids = try podcast.map { [try Resolver(client: client).podcastID($0)] } ?? []
        InterruptNotice.install(tr("stopped following the refresh; Earshot finishes it in the background"))
        // TRANSLATORS: the label before the progress bar of earshot refresh.
        let progress = ProgressDisplay(label: tr("Refreshing"))
        client.onProgress(of: "refresh") { progress.update(done: $0.done, total: $0.total, item: $0.item) }
        let results = try client.refresh(ids)
        progress.finish()
        if json {
            Console.print(try JSONOutput.render(results))
        } else {
            FeedResultText.refreshed(results).forEach(Console.print)
        }
        try Console.finish(failures: results.filter(\.failed).map(FeedResultText.failure))
    }
}
