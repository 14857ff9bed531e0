import ArgumentParser

/// `earshot play EPISODE|PODCAST [--podcast]`: plays an episode now (where it was left), or a podcast
/// (its episode in progress, else its oldest unplayed one). A number or a title is looked up among
/// episodes first, then podcasts; `--podcast` looks among podcasts only.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an episode, or a podcast, now.",
        discussion: """
            EPISODE is its number (see earshot episodes) or part of its title; when no episode title
            matches, podcast titles are tried. --podcast names a podcast (number or title) instead.
            Examples:
              earshot play 812
              earshot play "the interview"
              earshot play --podcast 3
            """)

    @Argument(
        help: ArgumentHelp("The episode (or podcast): its number or part of its title.", valueName: "episode"),
        completion: .custom(LibraryCompletions.episodesOrPodcasts))
    var name: Reference

    @Flag(help: "Name a podcast, not an episode.")
    var podcast = false

    func run() throws {
        let client = try DaemonClient()
        let resolver = Resolver(client: client)
        if podcast {
            try client.play(podcast: try resolver.podcast(name).id)
        } else if case .id(let id) = name {
            try client.play(episode: id)
        } else if case .text(let text) = name {
            let episodes = try resolver.episodeMatches(text)
            if !episodes.isEmpty {
                try client.play(episode: try NameResolution.choose(text, among: episodes, kind: .episode))
            } else {
                let podcasts = Resolver.podcastMatches(text, try client.podcasts())
                guard !podcasts.isEmpty else { throw CommandFailure("no episode or podcast matches “\(text)”") }
                try client.play(podcast: try NameResolution.choose(text, among: podcasts, kind: .podcast))
            }
        }
        var status = try client.status()
        status.upNext = []
        Console.print(StatusText.render(status, width: Terminal.outputWidth))
    }
}
