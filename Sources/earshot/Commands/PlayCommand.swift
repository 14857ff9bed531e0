import ArgumentParser
import EarshotFeed
import EarshotLocale

/// `earshot play EPISODE|PODCAST [--podcast] [--at TIME]`, `earshot play --hit N`: plays an episode now
/// (where it was left, or from a moment), a podcast (its episode in progress, else its oldest unplayed
/// one), or a hit of the last `earshot find` from the moment that matched. A number or a title is
/// looked up among episodes first, then podcasts; `--podcast` looks among podcasts only.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: tr("Play an episode, or a podcast, now."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            EPISODE is its number (see earshot episodes) or part of its title; when no episode title
            matches, podcast titles are tried. --podcast names a podcast (number or title) instead.
            Examples:
              earshot play 812
              earshot play "the interview"
              earshot play --podcast 3
              earshot play 812 --at 41:07      (from that moment)
              earshot play --hit 2             (hit 2 of the last earshot find, from where it matched)
              earshot play --bookmark 7        (from bookmark 7: see earshot bookmarks)
              earshot play 812 --soundbite 1   (the feed's first suggested preview: see earshot details)
              earshot play --playlist "Short news"   (a smart playlist: its first episode now, the rest
                                                      at the front of Up Next, in its order)
            """))

    @Argument(
        help: ArgumentHelp(tr("The episode (or podcast): its number or part of its title."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
        completion: .custom(LibraryCompletions.episodesOrPodcasts))
    var name: Reference?

    @Flag(help: ArgumentHelp(tr("Name a podcast, not an episode.")))
    var podcast = false

    @Option(help: ArgumentHelp(tr("Play the episode from this moment: 41:07, 1:02:30 or seconds."), valueName: trc("value name in usage, as in earshot play <episode>", "time")))
    var at: String?

    @Option(help: ArgumentHelp(tr("Play this hit of the last earshot find (within the hour) from where it matched."), valueName: trc("value name in usage, as in earshot play <episode>", "number")))
    var hit: Int?

    @Option(help: ArgumentHelp(tr("Play the episode's soundbite N, the feed's suggested preview (see earshot details)."), valueName: trc("value name in usage, as in earshot play <episode>", "number")))
    var soundbite: Int?

    @Option(help: ArgumentHelp(tr("Play from this bookmark (see earshot bookmarks)."), valueName: trc("value name in usage, as in earshot play <episode>", "number")))
    var bookmark: Int64?

    @Option(help: ArgumentHelp(tr("Play this smart playlist (earshot playlist list): its episodes in order, through Up Next."), valueName: trc("value name in usage, as in earshot play <episode>", "name")))
    var playlist: String?

    func validate() throws {
        if let bookmark {
            guard name == nil, !podcast, at == nil, hit == nil, playlist == nil else { throw ValidationError(tr("--bookmark plays a bookmark alone: no episode, --podcast, --at, --hit or --playlist with it")) }
            guard bookmark > 0 else { throw ValidationError(tr("--bookmark takes a bookmark's number (1 or more)")) }
        } else if playlist != nil {
            guard name == nil, !podcast, at == nil, hit == nil else { throw ValidationError(tr("--playlist plays a smart playlist alone: no episode, --podcast, --at or --hit with it")) }
        } else if let hit {
            guard name == nil, !podcast, at == nil else { throw ValidationError(tr("--hit plays a hit of earshot find alone: no episode, --podcast or --at with it")) }
            guard (1...200).contains(hit) else { throw ValidationError(tr("--hit is a hit's number in the last earshot find (1 to 200)")) }
        } else if name == nil {
            throw ValidationError(tr("say which episode or podcast to play (or --hit N after earshot find)"))
        }
        if let at, MomentArgument.seconds(at) == nil { throw ValidationError(tr("“%s” is not a moment (41:07, 1:02:30 or seconds)", at)) }
        if at != nil, podcast { throw ValidationError(tr("--at plays an episode from a moment, not a podcast")) }
        if let soundbite {
            guard soundbite > 0 else { throw ValidationError(tr("--soundbite takes a soundbite's number (1 or more; earshot details lists them)")) }
            guard name != nil, !podcast, at == nil else { throw ValidationError(tr("--soundbite plays one episode's soundbite: an episode, no --podcast or --at")) }
        }
    }

    /// Plays `episode`, from `--at` when given.
    private func play(_ episode: Int64, with client: DaemonClient) throws {
        if let soundbite {
            let bites = try client.episodeDetails(episode).dictionaries("soundbites")
            guard bites.indices.contains(soundbite - 1), let start = bites[soundbite - 1].seconds("start") else {
                // TRANSLATORS: %1$d is the episode's number, %2$d how many soundbites it has, %3$d the one asked for.
                throw CommandFailure(bites.isEmpty ? tr("episode %d has no soundbites", Int(episode))
                                     : tr("episode %1$d has soundbites 1 to %2$d, not %3$d", Int(episode), bites.count, soundbite))
            }
            try client.play(episode: episode, from: start)
        } else if let at, let seconds = MomentArgument.seconds(at) {
            try client.play(episode: episode, from: seconds)
        } else {
            try client.play(episode: episode)
        }
    }

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        if let hit { return Console.print(FindText.played(try client.playFound(hit))) }
        if let bookmark {
            let played = try client.playBookmark(bookmark)
            let title = SafeText.escaped(played.episodeTitle ?? tr("episode %d", Int(played.episode)))
            // TRANSLATORS: %1$d is the bookmark's number, %2$s the episode's title, %3$s the moment (41:07).
            return Console.print(tr("Playing bookmark %1$d: “%2$s”, from %3$s", Int(played.id), title, TimeText.clock(played.position)))
        }
        if let playlist { try client.playSmartPlaylist(playlist) }
        if let name, podcast {
            try client.play(podcast: try resolver.podcastID(name))
        } else if case .id(let id) = name {
            try play(id, with: client)
        } else if case .text(let text) = name {
            if let episode = try resolver.episodeIfNamed(text) {
                try play(episode, with: client)
            } else {
                guard at == nil, soundbite == nil else { throw CommandFailure(tr("no episode matches “%s”", text)) }
                let podcasts = Resolver.podcastMatches(text, try client.podcasts())
                guard !podcasts.isEmpty else { throw CommandFailure(tr("no episode or podcast matches “%s”", text)) }
                try client.play(podcast: try NameResolution.choose(text, among: podcasts, kind: .podcast))
            }
        }
        var status = try client.status()
        status.upNext = []
        Console.print(StatusText.render(status, width: Terminal.outputWidth))
    }
}
