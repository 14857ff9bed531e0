import ArgumentParser
import EarshotFeed
import EarshotLocale
import Foundation

/// `earshot transcribe EPISODE…` puts episodes first in line to be transcribed on this computer
/// (downloading them first); `earshot transcribe --status [--json]` shows the queue, the episode being
/// heard with a progress bar, its speed and the time left.
struct TranscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: tr("Make transcripts on this computer: transcribe episodes next, or show how it stands."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Earshot transcribes every downloaded episode whose feed offers no transcript, newest and
            in-progress first, one at a time, with a speech recogniser that runs on this computer at idle
            priority and only on mains power. EPISODE (its number or part of its title) goes to the front,
            downloaded first when it is not. The transcript is then searched by earshot find and shown by
            earshot transcript, marked as generated. A publisher's transcript always replaces it. Turn it
            off with earshot set all transcribe off, or for one podcast with earshot set PODCAST transcribe off.
            Examples:
              earshot transcribe 812
              earshot transcribe --status
            """))

    @Argument(help: ArgumentHelp(tr("The episodes: numbers or parts of titles."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    @Flag(help: ArgumentHelp(tr("Show the queue, the episode being transcribed, its speed and the time left.")))
    var status = false

    @Flag(help: ArgumentHelp(tr("With --status: print JSON.")))
    var json = false

    func validate() throws {
        if status && !episodes.isEmpty { throw ValidationError(tr("--status shows how transcribing stands: name no episode")) }
        if !status && episodes.isEmpty { throw ValidationError(tr("name at least one episode, or give --status")) }
        if json && !status { throw ValidationError(tr("--json goes with --status")) }
    }

    func run() throws {
        let client = try DaemonClient()
        if status {
            let record = try client.transcriptionStatus()
            if json { return Console.print(try JSONOutput.render(record)) }
            return Console.print(Self.text(record, width: Terminal.isTerminal(1) ? Terminal.columns(of: 1) : nil))
        }
        let resolver = Resolver(client: client)
        let ids = try episodes.map { try resolver.episode($0) }
        var refused: [String] = []
        for outcome in try client.transcribe(ids) {
            switch outcome.state {
            // TRANSLATORS: %d is the episode's number.
            case "downloading": Console.print(tr("Episode %d: downloading first, then transcribing (see earshot transcribe --status).", Int(outcome.episode)))
            case "refused":
                let reason = SafeText.escaped(outcome.reason ?? trc("why an episode is not transcribed", "refused"))
                // TRANSLATORS: %1$d is the episode's number, %2$s why it is not transcribed.
                refused.append(tr("episode %1$d is not transcribed: %2$s", Int(outcome.episode), reason))
            // TRANSLATORS: %d is the episode's number.
            default: Console.print(tr("Episode %d: transcribing next (see earshot transcribe --status).", Int(outcome.episode)))
            }
        }
        try Console.finish(failures: refused)
    }

    /// The status as lines; `width` (a terminal's) adds a progress bar.
    static func text(_ status: TranscriptionStatusRecord, width: Int?) -> String {
        guard status.installed else {
            // TRANSLATORS: %s is what keeps the speech recogniser from working.
            if let problem = status.problem { return tr("The transcriber cannot work: %s", SafeText.escaped(problem)) }
            guard let setUp = status.setup else { return tr("The transcriber is being started; ask again in a moment.") }
            // TRANSLATORS: %s is a command to run.
            return tr("The transcriber is not installed. To set it up, run: %s", setUp)
        }
        // TRANSLATORS: %s is the speech recogniser and its model (moonshine base-en).
        var transcriber = tr("Transcriber: %s", SafeText.escaped([status.engine, status.model].compactMap { $0 }.joined(separator: " ")))
            + (status.languages.isEmpty ? "" : " (\(status.languages.joined(separator: ", ")))")
        // TRANSLATORS: %s is the line naming the speech recogniser (Transcriber: moonshine base-en (en)).
        if !status.enabled { transcriber = tr("%s; off for all podcasts (earshot set all transcribe on)", transcriber) }
        var lines = [transcriber]
        // TRANSLATORS: %s is why transcribing waits (on battery).
        if let paused = status.paused { lines.append(tr("Paused: %s; it goes on on mains power.", paused)) }
        let title = { (id: Int64) in status.queue.first { $0.episode == id }.flatMap(\.title) }
        if let running = status.running {
            var line = tr("Transcribing episode %d", Int(running))
            if let progress = status.progress { line += width == nil ? " \(Int((progress * 100).rounded(.down)))%" : " " + bar(progress) }
            // TRANSLATORS: %s is how many times faster than real time the episode is heard (4.2).
            if let speed = status.speed { line += "  " + tr("%s× real time", LocaleFormat.current.decimal(speed, fractionDigits: 1)) }
            // TRANSLATORS: %s is about how long transcribing the episode still takes (12 min).
            if let left = status.left { line += "  " + tr("~%s left", TimeText.approximate(left)) }
            if let name = title(running) { line += "  " + SafeText.escaped(name) }
            lines.append(width.map { line.truncated(toWidth: max($0 - 1, 1)) } ?? line)
        } else if status.paused == nil {
            lines.append(status.queue.isEmpty ? tr("Nothing to transcribe.") : tr("Starting soon."))
        }
        let waiting = status.queue.filter { $0.episode != status.running }
        if !waiting.isEmpty {
            // TRANSLATORS: the heading of the episodes waiting to be transcribed; %d is how many.
            lines.append(tr("Next (%d):", waiting.count))
            lines += waiting.prefix(10).map { entry in
                let show = entry.podcastTitle.map { SafeText.escaped($0) + " · " } ?? ""
                return "  \(entry.episode)  \(show)\(SafeText.escaped(entry.title ?? tr("episode %d", Int(entry.episode))))"
            }
            if waiting.count > 10 { lines.append("  " + trn("… and %d more", "… and %d more", waiting.count - 10, waiting.count - 10)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `[=========>          ] 45%`.
    static func bar(_ progress: Double) -> String {
        let width = 20, filled = min(width, max(0, Int(progress * Double(width))))
        let body = String(repeating: "=", count: filled) + (filled < width ? ">" + String(repeating: " ", count: width - filled - 1) : "")
        return "[\(body)] \(Int((progress * 100).rounded(.down)))%"
    }
}
