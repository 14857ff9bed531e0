import ArgumentParser
import EarshotLocale

/// `earshot star EPISODE...`: keeps episodes (listed with `episodes --starred`, never tidied away).
struct StarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "star", abstract: tr("Star episodes: listed with earshot episodes --starred, their downloads never tidied away."))

    @Argument(help: ArgumentHelp(tr("The episodes: numbers or parts of titles."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
    }

    func run() throws { try Self.star(episodes, starred: true) }

    /// Stars or unstars the episodes named and says so.
    static func star(_ episodes: [Reference], starred: Bool) throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        var seen = Set<Int64>()
        let ids = try episodes.map { try resolver.episode($0) }.filter { seen.insert($0).inserted }
        try client.star(ids, starred: starred)
        Console.print(starred ? trn("Starred %d episode.", "Starred %d episodes.", ids.count, ids.count)
                              : trn("Unstarred %d episode.", "Unstarred %d episodes.", ids.count, ids.count))
    }
}

/// `earshot unstar EPISODE...`: takes stars away.
struct UnstarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unstar", abstract: tr("Take the stars of episodes away."))

    @Argument(help: ArgumentHelp(tr("The episodes: numbers or parts of titles."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    func validate() throws {
        guard !episodes.isEmpty else { throw ValidationError(tr("name at least one episode")) }
    }

    func run() throws { try StarCommand.star(episodes, starred: false) }
}
