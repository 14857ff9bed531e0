import ArgumentParser
import EarshotLocale
import Foundation

/// `earshot import FILE.opml`: subscribes to every feed the file lists (auto-queue off), with a
/// progress bar on a terminal. Outlines left out (duplicates, links…) are noted with their line; feeds
/// that fail are listed at the end (URL and cause), the others are subscribed, and the status is 1 if
/// any failed.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: tr("Subscribe to every podcast of an OPML file."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            New episodes of imported podcasts are not queued (turn it on per podcast with earshot set).
            Example:
              earshot import subscriptions.opml
            """))

    @Argument(help: ArgumentHelp(tr("The OPML file (from another podcast app's export)."), valueName: trc("value name in usage, as in earshot play <episode>", "file")), completion: .file(extensions: ["opml", "xml"]))
    var file: String

    @Flag(help: ArgumentHelp(tr("Print one result per feed as JSON.")))
    var json = false

    func run() throws {
        let input = try OPMLInput.read(fileAt: (file as NSString).expandingTildeInPath, named: file)
        guard !input.feeds.isEmpty else {
            // TRANSLATORS: %1$s is the OPML file, %2$s what was skipped and why.
            input.skipped.forEach { Console.fail(tr("%1$s: skipped %2$s", file, $0)) }
            throw CommandFailure(tr("%s lists no feeds", file))
        }
        let client = try DaemonClient()
        InterruptNotice.install(tr("stopped following the import; Earshot goes on subscribing in the background (earshot podcasts lists what is in)"))
        // TRANSLATORS: the label before the progress bar of earshot import.
        let progress = ProgressDisplay(label: tr("Importing"))
        progress.update(done: 0, total: input.feeds.count, item: "")
        client.onProgress(of: "subscribe") { progress.update(done: $0.done, total: $0.total, item: $0.item) }
        let results = try client.subscribe(input.feeds.map(\.absoluteString), autoQueue: false)
        progress.finish()
        Console.print(json ? try JSONOutput.render(results) : FeedResultText.imported(results, from: file))
        // TRANSLATORS: %1$s is the OPML file, %2$s what was left out and why.
        input.skipped.forEach { Console.fail(tr("%1$s: left out %2$s", file, $0)) }
        try Console.finish(failures: results.filter(\.failed).map(FeedResultText.failure))
    }
}
