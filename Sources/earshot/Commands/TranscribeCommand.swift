import ArgumentParser
import EarshotFeed
import Foundation

/// `earshot transcribe EPISODE…` puts episodes first in line to be transcribed on this computer
/// (downloading them first); `earshot transcribe --status [--json]` shows the queue, the episode being
/// heard with a progress bar, its speed and the time left.
struct TranscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Make transcripts on this computer: transcribe episodes next, or show how it stands.",
        discussion: """
            Earshot transcribes every downloaded episode whose feed offers no transcript, newest and
            in-progress first, one at a time, with a speech recogniser that runs on this computer at idle
            priority and only on mains power. EPISODE (its number or part of its title) goes to the front,
            downloaded first when it is not. The transcript is then searched by earshot find and shown by
            earshot transcript, marked as generated. A publisher's transcript always replaces it. Turn it
            off with earshot set all transcribe off, or for one podcast with earshot set PODCAST transcribe off.
            Examples:
              earshot transcribe 812
              earshot transcribe --status
            """)

    @Argument(help: ArgumentHelp("The episodes: numbers or parts of titles.", valueName: "episode"),
              completion: .custom(LibraryCompletions.episodes))
    var episodes: [Reference] = []

    @Flag(help: "Show the queue, the episode being transcribed, its speed and the time left.")
    var status = false

    @Flag(help: "With --status: print JSON.")
    var json = false

    func validate() throws {
        if status && !episodes.isEmpty { throw ValidationError("--status shows how transcribing stands: name no episode") }
        if !status && episodes.isEmpty { throw ValidationError("name at least one episode, or give --status") }
        if json && !status { throw ValidationError("--json goes with --status") }
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
            case "downloading": Console.print("Episode \(outcome.episode): downloading first, then transcribing (see earshot transcribe --status).")
            case "refused": refused.append("episode \(outcome.episode) is not transcribed: \(SafeText.escaped(outcome.reason ?? "refused"))")
            default: Console.print("Episode \(outcome.episode): transcribing next (see earshot transcribe --status).")
            }
        }
        try Console.finish(failures: refused)
    }

    /// The status as lines; `width` (a terminal's) adds a progress bar.
    static func text(_ status: TranscriptionStatusRecord, width: Int?) -> String {
        guard status.installed else {
            if let problem = status.problem { return "The transcriber cannot work: \(SafeText.escaped(problem))" }
            guard let setUp = status.setup else { return "The transcriber is being started; ask again in a moment." }
            return "The transcriber is not installed. To set it up, run: \(setUp)"
        }
        var lines = ["Transcriber: \(SafeText.escaped([status.engine, status.model].compactMap { $0 }.joined(separator: " ")))"
                     + (status.languages.isEmpty ? "" : " (\(status.languages.joined(separator: ", ")))")
                     + (status.enabled ? "" : "; off for all podcasts (earshot set all transcribe on)")]
        if let paused = status.paused { lines.append("Paused: \(paused); it goes on on mains power.") }
        let title = { (id: Int64) in status.queue.first { $0.episode == id }.flatMap(\.title) }
        if let running = status.running {
            var line = "Transcribing episode \(running)"
            if let progress = status.progress { line += width == nil ? " \(Int((progress * 100).rounded(.down)))%" : " " + bar(progress) }
            if let speed = status.speed { line += String(format: "  %.1f× real time", speed) }
            if let left = status.left { line += "  ~\(TimeText.approximate(left)) left" }
            if let name = title(running) { line += "  " + SafeText.escaped(name) }
            lines.append(width.map { line.truncated(toWidth: max($0 - 1, 1)) } ?? line)
        } else if status.paused == nil {
            lines.append(status.queue.isEmpty ? "Nothing to transcribe." : "Starting soon.")
        }
        let waiting = status.queue.filter { $0.episode != status.running }
        if !waiting.isEmpty {
            lines.append("Next (\(waiting.count)):")
            lines += waiting.prefix(10).map { entry in
                let show = entry.podcastTitle.map { SafeText.escaped($0) + " · " } ?? ""
                return "  \(entry.episode)  \(show)\(SafeText.escaped(entry.title ?? "episode \(entry.episode)"))"
            }
            if waiting.count > 10 { lines.append("  … and \(waiting.count - 10) more") }
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
