import ArgumentParser
import EarshotFeed
import EarshotGLib
import EarshotLocale
import Foundation

/// `earshot episodes [PODCAST] [--played|--unplayed|--in-progress|--downloaded|--starred] [--json]`: the
/// library's episodes, from the daemon.
/// `earshot episodes --feed URL [--json]`: fetches a feed directly (no daemon) and prints its channel
/// and episodes.
struct EpisodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episodes",
        abstract: tr("List the episodes of the library, or of one podcast; or fetch a feed and print it."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Newest first. PODCAST is its number (see earshot podcasts) or part of its title.
            With --feed, the feed is fetched directly (no daemon) and printed with every field.
            Examples:
              earshot episodes
              earshot episodes "daily news" --unplayed
              earshot episodes --in-progress
              earshot episodes --person "Jane Doe"     (every episode naming her: podcast:person)
              earshot episodes --feed https://example.com/podcast.xml --json
            """))

    @Argument(help: ArgumentHelp(tr("The podcast: its number or part of its title. Default: every podcast."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")), completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    @Flag(help: ArgumentHelp(tr("Only some of them (one of these; default: every episode).")))
    var only: EpisodeShown?

    @Option(help: ArgumentHelp(tr("Fetch this feed directly instead (an http, https or file URL, or a local path)."), valueName: trc("value name in usage, as in earshot play <episode>", "url")))
    var feed: String?

    @Option(help: ArgumentHelp(tr("Only the episodes whose feed names this person (or part of the name) as host, guest…"), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var person: String?

    @Flag(help: ArgumentHelp(tr("Print JSON (dates in ISO 8601, durations in seconds).")))
    var json = false

    func validate() throws {
        if feed != nil, podcast != nil || only != nil {
            throw ValidationError(tr("--feed prints a feed as it is; it takes no podcast and no filter"))
        }
        if let person {
            guard feed == nil, podcast == nil, only == nil else { throw ValidationError(tr("--person lists every episode with the person: no podcast, filter or --feed with it")) }
            guard !person.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError(tr("--person takes a name, or part of one")) }
        }
    }

    func run() throws {
        if let feed { return try Self.printFeed(feed, json: json) }
        let client = try DaemonClient()
        if let person {
            let episodes = try client.episodes(withPerson: person)
            guard !episodes.isEmpty || json else { throw CommandFailure(tr("no episode's feed names “%s”", person)) }
            return Console.print(json ? try JSONOutput.render(episodes) : EpisodeTable.render(episodes, showPodcast: true, width: Terminal.outputWidth))
        }
        let id = try podcast.map { try Resolver(client: client).podcastID($0) } ?? 0
        let filter = only?.rawValue ?? "all"
        Console.print(json
            ? try JSONOutput.render(try client.episodes(of: id, filter: filter))
            : EpisodeTable.render(try client.episodeRows(of: id, filter: filter), showPodcast: id == 0, width: Terminal.outputWidth))
    }

    /// Fetches the feed on this thread's main loop and prints its channel and episodes.
    private static func printFeed(_ feed: String, json: Bool) throws {
        guard let url = FeedAddress.url(from: feed) else {
            throw CommandFailure(tr("“%s” is neither a URL nor an existing file", feed))
        }
        let context = MainContext.threadDefault()
        let loader = FeedLoader()
        var result: Result<Channel, FeedError>?
        loader.load(url) { result = $0 }
        while result == nil { context.iterate(mayBlock: true) }
        switch result! {
        case .success(let channel): Console.print(json ? try ChannelJSON.render(channel) : ChannelTable.render(channel))
        case .failure(let error): throw CommandFailure("\(url.absoluteString): \(error)")
        }
    }
}

/// Which episodes `earshot episodes` lists (the daemon's filter names).
enum EpisodeShown: String, EnumerableFlag {
    case played, unplayed, inProgress = "in-progress", downloaded, starred

    static func help(for value: Self) -> ArgumentHelp? {
        switch value {
        case .played: ArgumentHelp(tr("Only the episodes played to the end (or marked played)."))
        case .unplayed: ArgumentHelp(tr("Leave out the episodes played to the end."))
        case .inProgress: ArgumentHelp(tr("Only the episodes started and not finished."))
        case .downloaded: ArgumentHelp(tr("Only the episodes downloaded for offline listening."))
        case .starred: ArgumentHelp(tr("Only the starred episodes."))
        }
    }
}
