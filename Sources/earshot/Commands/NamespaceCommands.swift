import ArgumentParser
import EarshotLocale

/// `earshot support [PODCAST]`: the ways a podcast's feed lists to support it (podcast:funding).
struct SupportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "support",
        abstract: tr("List the links your podcasts give to support them."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Read from the feeds (Podcasting 2.0 podcast:funding): a page for donations or memberships, with
            what the link says. Examples:
              earshot support
              earshot support "daily news"
            """))

    @Argument(help: ArgumentHelp(tr("The podcast: its number or part of its title. Default: every podcast."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")), completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    @Flag(help: ArgumentHelp(tr("Print JSON.")))
    var json = false

    func run() throws {
        let client = try DaemonClient()
        let id = try podcast.map { try Resolver(client: client).podcastID($0) } ?? 0
        let links = try client.support(of: id)
        if json { return Console.print(try JSONOutput.render(links.map(SupportRecord.init))) }
        Console.print(NamespaceText.support(links, podcast: id == 0 ? nil : try client.podcastDetails(id).string("podcast_title") ?? tr("podcast %d", Int(id))))
    }
}

/// `earshot details EPISODE` / `earshot details --podcast PODCAST`: what the feed says of an episode or
/// a podcast beyond its notes: people, soundbites, season and episode names, location, licence, chat,
/// other formats; a podcast's schedule, lock, medium and trailers.
struct DetailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "details",
        abstract: tr("Show who is in an episode, its soundbites and what else its feed says."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            From the feed's Podcasting 2.0 tags. Soundbites are numbered for earshot play EPISODE --soundbite N.
            Examples:
              earshot details 812
              earshot details --podcast "daily news"
            """))

    @Argument(help: ArgumentHelp(tr("The episode (or with --podcast, the podcast): its number or part of its title."), valueName: trc("value name in usage, as in earshot play <episode>", "name")),
              completion: .custom(LibraryCompletions.episodes))
    var name: Reference

    @Flag(help: ArgumentHelp(tr("NAME is a podcast.")))
    var podcast = false

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        if podcast { return Console.print(NamespaceText.podcast(try client.podcastDetails(try resolver.podcastID(name)))) }
        Console.print(NamespaceText.episode(try client.episodeDetails(try resolver.episode(name))))
    }
}

/// `earshot recommended`: the shows your shows recommend (podcast:podroll).
struct RecommendedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommended",
        abstract: tr("List the shows your podcasts recommend."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            From the feeds' podroll (Podcasting 2.0), each show once, with the feed to give earshot add and
            whether your library already has it. Example:
              earshot recommended
            """))

    func run() throws {
        Console.print(NamespaceText.recommended(try DaemonClient().recommended()))
    }
}

/// `earshot live [PODCAST]`: the live shows the feeds announce (podcast:liveItem).
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: tr("List the live shows your podcasts announce: upcoming, live now or ended."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            From the feeds (Podcasting 2.0 podcast:liveItem) as last refreshed, each with its stream.
            Examples:
              earshot live
              earshot live "daily news"
            """))

    @Argument(help: ArgumentHelp(tr("The podcast: its number or part of its title. Default: every podcast."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")), completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    func run() throws {
        let client = try DaemonClient()
        let id = try podcast.map { try Resolver(client: client).podcastID($0) } ?? 0
        Console.print(NamespaceText.live(try client.liveItems(of: id)))
    }
}

/// A funding link as `earshot support --json` prints it.
struct SupportRecord: Encodable, Equatable {
    var podcast: Int64?
    var podcastTitle: String?
    var url: String?
    var text: String?

    enum CodingKeys: String, CodingKey {
        case podcast, podcastTitle = "podcast_title", url, text
    }

    init(_ entry: Vardict) {
        podcast = entry.integer("podcast")
        podcastTitle = entry.string("podcast_title")
        url = entry.string("url")
        text = entry.string("text")
    }
}
