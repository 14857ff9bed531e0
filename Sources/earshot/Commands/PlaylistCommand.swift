import ArgumentParser
import EarshotCore
import EarshotLocale

/// `earshot playlist new|edit|remove|list|show`: smart playlists, a name and rules each, kept by the
/// daemon and offered to the desktop as MPRIS playlists (after Up Next and the inbox).
struct PlaylistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlist",
        abstract: tr("Make, change, remove and show smart playlists."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            A smart playlist is a name and rules; its episodes follow the library as it changes. Every rule
            given must hold. Rules:
              --podcast P            only this podcast (number or part of its title; repeat for several)
              --not-podcast P        never this podcast
              --unplayed, --in-progress, --played   (several: any of them)
              --downloaded, --not-downloaded, --starred, --not-starred, --inbox, --not-inbox
              --longer-than 20m, --shorter-than 1h30m   (a bare number: minutes)
              --within 14d, --older-than 2w             (published; a bare number: days)
              --title WORDS, --notes WORDS, --said WORDS (what was said: in the transcript)
              --order newest|oldest|shortest|longest|podcast    (newest when not given)
              --limit N              at most N episodes (1 to 1000; 100 when not given)
            Examples:
              earshot playlist new "Short news" --podcast 3 --unplayed --shorter-than 20m
              earshot playlist new Mars --said "mars rover" --order oldest
              earshot play --playlist "Short news"
            """),
        subcommands: [PlaylistListCommand.self, PlaylistNewCommand.self, PlaylistEditCommand.self, PlaylistRemoveCommand.self,
                      PlaylistShowCommand.self],
        defaultSubcommand: PlaylistListCommand.self)

    /// The rule words with each podcast named by title turned into its number (the daemon takes
    /// numbers), checked here first so a bad rule is one line before anything is asked.
    static func resolved(_ words: [String], client: DaemonClient) throws -> [String] {
        var words = words
        for index in words.indices.dropLast() where ["--podcast", "--not-podcast"].contains(words[index].lowercased()) {
            if let reference = Reference(argument: words[index + 1]), case .text = reference {
                words[index + 1] = String(try Resolver(client: client).podcastID(reference))
            }
        }
        do { _ = try PlaylistRuleWords.parse(words) } catch { throw CommandFailure(error.description) }
        return words
    }

    /// How many episodes a playlist held when last evaluated (0 when never).
    static func episodes(_ playlist: Vardict) -> Int { playlist.count("episodes") ?? 0 }

    /// A rule as the shell would take it back (words with spaces quoted).
    static func shellText(_ words: [String]) -> String {
        words.map { word in
            word.isEmpty || word.contains(where: { $0.isWhitespace || "\"'$`\\!*?;&|<>()".contains($0) })
                ? "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" : word
        }.joined(separator: " ")
    }
}

/// `earshot playlist [list]`: every smart playlist with its rules and how many episodes it holds.
struct PlaylistListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: tr("List the smart playlists."))

    func run() throws {
        let playlists = try DaemonClient().smartPlaylists()
        // TRANSLATORS: NAME and RULE may be translated; the rest is a command to type.
        guard !playlists.isEmpty else { return Console.print(tr("There are no smart playlists (earshot playlist new NAME RULE…).")) }
        for playlist in playlists {
            let held = PlaylistCommand.episodes(playlist)
            let count = playlist.count("episodes") == nil ? tr("not evaluated yet") : trn("%d episode", "%d episodes", held, held)
            Console.print("\(playlist.string("name") ?? "?") (\(count)): \(PlaylistCommand.shellText(playlist.strings("rules")))")
        }
    }
}

/// `earshot playlist new NAME RULE…`.
struct PlaylistNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: tr("Make a smart playlist (see earshot playlist --help for the rules)."))

    @Argument(help: ArgumentHelp(tr("The playlist's name."), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var name: String

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(tr("The rules, such as --unplayed --shorter-than 20m."), valueName: trc("value name in usage, as in earshot play <episode>", "rule")))
    var rules: [String] = []

    func run() throws {
        let client = try DaemonClient()
        let saved = try client.saveSmartPlaylist(name, rules: try PlaylistCommand.resolved(rules, client: client), replacing: false)
        let held = PlaylistCommand.episodes(saved)
        // TRANSLATORS: %1$s is the playlist's name, %2$d how many episodes it holds.
        Console.print(trn("Made the playlist %1$s (%2$d episode).", "Made the playlist %1$s (%2$d episodes).", held, saved.string("name") ?? name, held))
    }
}

/// `earshot playlist edit NAME RULE…`: new rules for a playlist (they replace the old ones).
struct PlaylistEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: tr("Give a smart playlist new rules (they replace its rules; earshot playlist show prints them)."))

    @Argument(help: ArgumentHelp(tr("The playlist's name."), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var name: String

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(tr("The new rules."), valueName: trc("value name in usage, as in earshot play <episode>", "rule")))
    var rules: [String] = []

    func run() throws {
        let client = try DaemonClient()
        let saved = try client.saveSmartPlaylist(name, rules: try PlaylistCommand.resolved(rules, client: client), replacing: true)
        let held = PlaylistCommand.episodes(saved)
        // TRANSLATORS: %1$s is the playlist's name, %2$d how many episodes it holds.
        Console.print(trn("Changed the playlist %1$s (%2$d episode).", "Changed the playlist %1$s (%2$d episodes).", held,
                          saved.string("name") ?? name, held))
    }
}

/// `earshot playlist remove NAME`.
struct PlaylistRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Remove a smart playlist (its episodes stay)."))

    @Argument(help: ArgumentHelp(tr("The playlist's name."), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var name: String

    func run() throws {
        try DaemonClient().removeSmartPlaylist(name)
        Console.print(tr("Removed the playlist %s.", name))
    }
}

/// `earshot playlist show NAME [--json]`: its rules and its episodes now, in its order.
struct PlaylistShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: tr("Show a smart playlist's rules and episodes."))

    @Argument(help: ArgumentHelp(tr("The playlist's name."), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var name: String

    @Flag(help: ArgumentHelp(tr("Print the episodes as JSON (dates in ISO 8601, durations in seconds).")))
    var json = false

    func run() throws {
        let client = try DaemonClient()
        let episodes = try client.smartPlaylistEpisodes(name)
        if json { return Console.print(try JSONOutput.render(episodes)) }
        let folded = name.lowercased()
        if let playlist = try client.smartPlaylists().first(where: { $0.string("name")?.lowercased() == folded }) {
            Console.print("earshot playlist edit \(PlaylistCommand.shellText([playlist.string("name") ?? name] + playlist.strings("rules")))")
        }
        Console.print(episodes.isEmpty ? tr("No episode follows these rules now.") : EpisodeTable.render(episodes, showPodcast: true, width: Terminal.outputWidth))
    }
}
