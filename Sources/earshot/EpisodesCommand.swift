import ArgumentParser
import EarshotFeed
import EarshotGLib
import Foundation

/// `earshot episodes --feed URL [--json]`: fetches a feed and prints its channel and episodes.
struct EpisodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episodes",
        abstract: "Fetch a feed and print its channel and episodes.",
        discussion: """
            Examples:
              earshot episodes --feed https://example.com/podcast.xml
              earshot episodes --feed data/demo/feed.xml --json
            """)

    @Option(help: "The feed: an http, https or file URL, or a path to a local file.")
    var feed: String

    @Flag(help: "Print JSON with every field (dates in ISO 8601, durations in seconds).")
    var json = false

    func run() throws {
        guard let url = FeedAddress.url(from: feed) else {
            throw CommandFailure("“\(feed)” is neither a URL nor an existing file")
        }
        let channel = try Self.load(url)
        print(json ? try ChannelJSON.render(channel) : ChannelTable.render(channel))
    }

    /// Loads the feed on this thread's main loop and waits for the result.
    private static func load(_ url: URL) throws -> Channel {
        let context = MainContext.threadDefault()
        let loader = FeedLoader()
        var result: Result<Channel, FeedError>?
        loader.load(url) { result = $0 }
        while result == nil { context.iterate(mayBlock: true) }
        switch result! {
        case .success(let channel): return channel
        case .failure(let error): throw CommandFailure("\(url.absoluteString): \(error)")
        }
    }
}

/// Turns what a person typed into a feed URL: a URL with a scheme, or a path to an existing file.
enum FeedAddress {
    static func url(from text: String) -> URL? {
        if let url = URL(string: text), let scheme = url.scheme, scheme.count > 1 { return url }
        let path = (text as NSString).expandingTildeInPath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL
    }
}
