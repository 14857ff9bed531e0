import ArgumentParser
import EarshotFeed
import Foundation

/// `earshot transcript [EPISODE] [--json]`: prints an episode's transcript (the current episode's by
/// default) with times and speakers, fetching it first when Earshot has not yet.
struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: "Print an episode's transcript, with times and speakers.",
        discussion: """
            EPISODE is its number (see earshot episodes) or part of its title; without it, the episode
            playing. The transcript is the one its feed offers (podcast:transcript) that suits your
            languages best (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), fetched and kept the first time.
            Examples:
              earshot transcript
              earshot transcript 812 --json
            """)

    @Argument(help: ArgumentHelp("The episode: its number or part of its title (default: the current one).", valueName: "episode"),
              completion: .custom(LibraryCompletions.episodesOrPodcasts))
    var name: Reference?

    @Flag(help: "Print the transcript as JSON.")
    var json = false

    func run() throws {
        let client = try DaemonClient()
        let episode: Int64
        if let name {
            episode = try Resolver(client: client).episode(name)
        } else {
            guard let current = try client.status().episode?.id else { throw CommandFailure("no episode is current: name one") }
            episode = current
        }
        let transcript = try client.transcript(of: episode)
        if json { return Console.print(try JSONOutput.render(transcript)) }
        Console.print(transcript.segments.map(Self.line).joined(separator: "\n"))
    }

    /// `[41:07] Speaker: words`, or the words alone for an untimed paragraph without a speaker.
    static func line(_ segment: TranscriptLine) -> String {
        let time = segment.start.map { "[\(TimeText.clock($0))] " } ?? ""
        let speaker = segment.speaker.map { SafeText.escaped($0) + ": " } ?? ""
        return time + speaker + SafeText.escaped(segment.text)
    }
}
