import ArgumentParser

/// `earshot add URL...`: subscribes to feeds (auto-queue on), printing each show's title and episode
/// count; a feed that fails is one line with its URL and the cause, and the status is 1.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Subscribe to podcasts by their feed URL.",
        discussion: """
            Each feed is fetched now; its new episodes will go to the end of Up Next (see earshot set).
            Examples:
              earshot add https://example.com/podcast.xml
              earshot add feed1.xml https://example.org/rss
            """)

    @Argument(help: ArgumentHelp("Feed URLs (http, https or file), or paths to local files.", valueName: "url"))
    var urls: [String]

    @Flag(help: "Print one result per feed as JSON.")
    var json = false

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("give at least one feed URL") }
        for text in urls where FeedAddress.url(from: text) == nil {
            throw ValidationError("“\(text)” is neither a URL nor an existing file")
        }
    }

    func run() throws {
        let addresses = urls.compactMap { FeedAddress.url(from: $0)?.absoluteString }
        let client = try DaemonClient()
        InterruptNotice.install("stopped following; Earshot goes on subscribing in the background "
                                + "(earshot podcasts lists what is in)")
        let progress = ProgressDisplay(label: "Subscribing")
        if addresses.count > 1 {
            client.onProgress(of: "subscribe") { progress.update(done: $0.done, total: $0.total, item: $0.item) }
        }
        let results = try client.subscribe(addresses, autoQueue: true)
        progress.finish()
        if json {
            Console.print(try JSONOutput.render(results))
        } else {
            for result in results where !result.failed {
                if result.alreadySubscribed == true {
                    Console.fail(FeedResultText.alreadySubscribed(result))
                } else {
                    Console.print(FeedResultText.subscribed(result))
                }
            }
        }
        try Console.finish(failures: results.filter(\.failed).map(FeedResultText.failure))
    }
}
