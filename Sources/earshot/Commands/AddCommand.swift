import ArgumentParser
import EarshotFeed
import EarshotLocale
import Foundation

/// `earshot add URL...`: subscribes to feeds (auto-queue on), printing each show's title and episode
/// count; a feed that fails is one line with its URL and the cause, and the status is 1. Any address
/// works (a web page, an Apple Podcasts or Podcast Index page, `feed://`…), and a number is a show of
/// the last numbered list (`earshot search`, `earshot top`, a web page's feeds) while it is fresh. A
/// private feed that asks for a user name and password has them asked on the terminal (or given with
/// `--user NAME --password-stdin`).
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: tr("Subscribe to podcasts by their feed, their web page, or a search result's number."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Each feed is fetched now; its new episodes will go to the end of Up Next (see earshot set).
            A web page's feed is found from its <link rel="alternate"> (several: they are listed, numbered);
            an Apple Podcasts or Podcast Index page's through that directory. A number N is show N of the
            last list of earshot search, earshot top or a web page's feeds, for an hour after it was shown;
            a local file named like a number is ./N.
            A private feed that answers "401 Unauthorized" has its user name and password asked on the
            terminal, or given with --user NAME --password-stdin; they go to the desktop's Secret Service
            and are sent only to that feed's host, only over https.
            Examples:
              earshot add https://example.com/podcast.xml
              earshot add https://www.example-show.org/
              earshot search radiolab && earshot add 2
              earshot add feed1.xml https://example.org/rss
              earshot add https://members.example.com/feed --user alice
            """))

    @Argument(help: ArgumentHelp(tr("Feed or web page URLs (http, https, file, feed…), paths to local files, or numbers of search results."),
                                 valueName: trc("value name in usage, as in earshot play <episode>", "url")))
    var urls: [String]

    @Flag(help: ArgumentHelp(tr("Print one result per feed as JSON.")))
    var json = false

    @Option(help: ArgumentHelp(tr("The user name of a private feed (one address); the password is asked on the terminal."),
                               valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var user: String?

    @Flag(help: ArgumentHelp(tr("With --user: read the password from standard input instead of asking on the terminal.")))
    var passwordStdin = false

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError(tr("give at least one feed URL")) }
        for text in urls where ResultNumber.parse(text) == nil && FeedAddress.url(from: text) == nil {
            throw ValidationError(tr("“%s” is neither a URL nor an existing file", text))
        }
        if user != nil, urls.count != 1 { throw ValidationError(tr("--user goes with one address")) }
        if passwordStdin, user == nil { throw ValidationError(tr("--password-stdin goes with --user NAME")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let addresses = try ResultNumber.addresses(for: urls, asking: client)
        InterruptNotice.install(tr("stopped following; Earshot goes on subscribing in the background (earshot podcasts lists what is in)"))
        // TRANSLATORS: the label before the progress bar while several feeds are subscribed to.
        let progress = ProgressDisplay(label: tr("Subscribing"))
        if addresses.count > 1 {
            client.onProgress(of: "subscribe") { progress.update(done: $0.done, total: $0.total, item: $0.item) }
        }
        var results: [FeedResult]
        if let user {
            let password = try PasswordInput.password(fromStandardInput: passwordStdin, prompt: tr("Password for %s: ", user))
            results = [try client.subscribePrivate(addresses[0], user: user, password: password, autoQueue: true)]
        } else {
            results = try client.subscribe(addresses, autoQueue: true)
        }
        progress.finish()
        for index in results.indices where results[index].needsPassword == true && PasswordInput.canAsk && !json {
            results[index] = try askAndRetry(results[index], with: client)
        }
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
        let choosing = results.filter { $0.choices != nil }
        if !json { choosing.forEach { Console.print(FeedResultText.choices($0)) } }
        try Console.finish(failures: results.filter { $0.failed && $0.choices == nil }.map(failure))
        if !choosing.isEmpty { throw ExitCode.failure }
    }

    /// A private feed's user name and password, asked on the terminal, tried once. They belong to the
    /// feed that asked for them (the one a web page led to, not the page), named with its port when the
    /// address has one.
    private func askAndRetry(_ result: FeedResult, with client: DaemonClient) throws -> FeedResult {
        let asking = Self.askingAddress(result)
        let host = URL(string: asking).flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } } ?? asking
        // TRANSLATORS: %s is a web server's name, example.com or example.com:8080.
        Console.fail(tr("%s asks for a user name and password.", SafeText.escaped(host)))
        let user = try PasswordInput.line(prompt: tr("User name: "))
        let password = try PasswordInput.password(fromStandardInput: false, prompt: tr("Password for %s: ", user))
        return try client.subscribePrivate(asking, user: user, password: password, autoQueue: true)
    }

    /// The line for a feed that failed; one that asks for a password says how to give it.
    private func failure(_ result: FeedResult) -> String {
        guard result.needsPassword == true else { return FeedResultText.failure(result) }
        // TRANSLATORS: %1$s is the line saying why a feed failed, %2$s its address; NAME may be translated, the
        // rest is a command to type.
        return tr("%1$s (give them with: earshot add %2$s --user NAME --password-stdin)", FeedResultText.failure(result),
                  Self.askingAddress(result))
    }

    /// The address that asked for a password: the feed a web page or a directory's page led to, else the
    /// address given.
    private static func askingAddress(_ result: FeedResult) -> String { result.feed ?? result.url }
}
