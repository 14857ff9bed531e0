import ArgumentParser
import EarshotFeed
import EarshotLocale
import Foundation

/// `earshot transcript [EPISODE] [--json]`: prints an episode's transcript (the current episode's by
/// default) with times and speakers, fetching it first when Earshot has not yet. `earshot transcript
/// --follow` prints the playing episode's as it is spoken (`TranscriptFollower`).
struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: tr("Print an episode's transcript, with times and speakers, or follow it as it is spoken."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            EPISODE is its number (see earshot episodes) or part of its title; without it, the episode
            playing. The transcript is the one its feed offers (podcast:transcript) that suits your
            languages best (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), fetched and kept the first time.
            With --follow it follows the episode playing as it is spoken, like tail -f: the line being
            spoken (in bold after ▶ on a terminal) and the three before it, then each line as it begins.
            A seek prints — 12:30 — and the lines before that moment; the next episode gets a heading and
            its transcript; an episode without a timed transcript is said on standard error and waited
            out. Ctrl-C ends it (status 0); Earshot quitting ends it with status 1.
            Examples:
              earshot transcript
              earshot transcript 812 --json
              earshot transcript --follow
            """))

    @Argument(help: ArgumentHelp(tr("The episode: its number or part of its title (default: the current one)."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodesOrPodcasts))
    var name: Reference?

    @Flag(help: ArgumentHelp(tr("Print the transcript as JSON.")))
    var json = false

    @Flag(help: ArgumentHelp(tr("Follow the episode playing, printing each line as it is spoken, until Ctrl-C.")))
    var follow = false

    func validate() throws {
        guard follow else { return }
        if name != nil { throw ValidationError(tr("--follow follows the episode playing: name no episode")) }
        if json { throw ValidationError(tr("--follow prints lines as they are spoken; --json prints a whole transcript")) }
    }

    func run() throws {
        if follow { return try TranscriptFollower.follow() }
        let client = try DaemonClient()
        let episode: Int64
        if let name {
            episode = try Resolver(client: client).episode(name)
        } else {
            guard let current = try client.status().episode?.id else { throw CommandFailure(tr("no episode is current: name one")) }
            episode = current
        }
        let transcript = try client.transcript(of: episode)
        if json { return Console.print(try JSONOutput.render(transcript)) }
        if let header = Self.header(transcript) { Console.print(header) }
        Console.print(transcript.segments.map(Self.line).joined(separator: "\n"))
    }

    /// The first line of a transcript made on this computer: `Generated on this computer by moonshine
    /// base-en (so far: still being transcribed)`; nil for the publisher's.
    static func header(_ transcript: TranscriptRecord) -> String? {
        guard let engine = transcript.generator else { return nil }
        let model = transcript.generatorModel.map { $0.isEmpty ? "" : " " + $0 } ?? ""
        let maker = SafeText.escaped(engine + model)
        // TRANSLATORS: %s is the speech recogniser and its model, e.g. moonshine base-en.
        return transcript.complete == false
            ? tr("Generated on this computer by %s (so far: still being transcribed); the publisher offers none.", maker)
            : tr("Generated on this computer by %s; the publisher offers none.", maker)
    }

    /// `[41:07] Speaker: words`, or the words alone for an untimed paragraph without a speaker.
    static func line(_ segment: TranscriptLine) -> String {
        let time = segment.start.map { "[\(TimeText.clock($0))] " } ?? ""
        let speaker = segment.speaker.map { SafeText.escaped($0) + ": " } ?? ""
        return time + speaker + SafeText.escaped(segment.text)
    }
}
