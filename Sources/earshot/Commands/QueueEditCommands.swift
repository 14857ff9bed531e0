import ArgumentParser
import EarshotLocale

/// `earshot queue add EPISODE... [--at N]`: puts episodes into Up Next, at the end or at place N.
struct QueueAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: tr("Put episodes into Up Next (an episode already there moves)."))

    @Argument(
        help: ArgumentHelp(tr("The episodes, in the order they should play."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
        completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference]

    @Option(help: ArgumentHelp(tr("The place in Up Next for the first of them (1: next). Default: the end."), valueName: trc("value name in usage, as in earshot play <episode>", "n")))
    var at: UInt32?

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
        if at == 0 { throw ValidationError(tr("--at counts from 1 (the episode that plays next)")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        let ids = try episodes.map { try resolver.episode($0) }
        try client.queueAdd(ids, at: at ?? 0)
        Console.print(EpisodeTable.renderQueue(try client.queue(), width: Terminal.outputWidth))
    }
}

/// `earshot queue remove EPISODE...`: takes episodes out of Up Next.
struct QueueRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Take episodes out of Up Next."))

    @Argument(
        help: ArgumentHelp(tr("The episodes: numbers, or parts of titles of queued episodes."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
        completion: .custom(LibraryCompletions.queuedEpisodes))
    var episodes: [Reference]

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        try client.queueRemove(try episodes.map { try resolver.queuedEpisode($0) })
        Console.print(EpisodeTable.renderQueue(try client.queue(), width: Terminal.outputWidth))
    }
}

/// `earshot queue move EPISODE N`: moves a queued episode to place N.
struct QueueMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: tr("Move an episode of Up Next to another place."))

    @Argument(help: ArgumentHelp(tr("The episode: its number, or part of the title of a queued episode."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")), completion: .custom(LibraryCompletions.queuedEpisodes))
    var episode: Reference

    @Argument(help: ArgumentHelp(tr("Its new place (1: next; past the end: last)."), valueName: trc("value name in usage, as in earshot play <episode>", "place")))
    var place: UInt32

    func validate() throws {
        if place == 0 { throw ValidationError(tr("places count from 1 (the episode that plays next)")) }
    }

    func run() throws {
        let client = try DaemonClient()
        try client.queueMove(try Resolver(client: client).queuedEpisode(episode), to: place)
        Console.print(EpisodeTable.renderQueue(try client.queue(), width: Terminal.outputWidth))
    }
}

/// `earshot queue clear`: empties Up Next.
struct QueueClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: tr("Empty Up Next."))

    func run() throws {
        try DaemonClient().queueClear()
        Console.print(tr("Up Next is empty."))
    }
}
