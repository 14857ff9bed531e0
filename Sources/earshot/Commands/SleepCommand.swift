import ArgumentParser
import Foundation

/// `earshot sleep [WHEN]`: the sleep timer. Without WHEN, what is left.
struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "Pause after a while, at the end of the episode or chapter, or after some episodes.",
        discussion: """
            The volume fades out over the last 10 seconds (sleep-fade in the configuration file), then
            playback pauses and the volume comes back. Playing again does not re-arm the timer, and a
            restart forgets it. Without WHEN, shows what is left.
            WHEN:
              20m, 1h30m, 90s, 45     a time (a bare number is minutes)
              end-of-episode          when this episode ends (the next one waits, paused)
              end-of-chapter          when this chapter ends
              3-episodes              when the third episode, this one included, ends
              off                     no sleep timer
            """)

    @Argument(
        help: ArgumentHelp("When to pause (see above).", valueName: "when"),
        completion: .list(["20m", "1h", "end-of-episode", "end-of-chapter", "3-episodes", "off"]))
    var when: String?

    func run() throws {
        let client = try DaemonClient()
        if let when {
            let (mode, seconds, episodes) = try Self.parse(when)
            try client.setSleepTimer(mode, seconds: seconds, episodes: episodes)
        }
        Console.print(SleepText.render(try client.sleepTimer()))
    }

    /// WHEN as SetSleepTimer's arguments.
    static func parse(_ text: String) throws -> (mode: String, seconds: Double, episodes: UInt32) {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch word {
        case "off", "end-of-episode", "end-of-chapter": return (word, 0, 0)
        default: break
        }
        if let count = word.wholeMatch(of: /(\d+)-episodes?/).flatMap({ UInt32($0.1) }), count > 0 {
            return ("episodes", 0, count)
        }
        if let seconds = duration(word), seconds > 0 { return ("after", seconds, 0) }
        throw ValidationError("“\(text)” is not a time (20m, 1h30m, 90s), end-of-episode, end-of-chapter, N-episodes or off")
    }

    /// "1h30m", "20m", "90s", "1h", "45" (minutes) in seconds.
    static func duration(_ text: String) -> Double? {
        if let minutes = Double(text) { return minutes * 60 }
        guard let match = text.wholeMatch(of: /(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s)?/),
              match.1 != nil || match.2 != nil || match.3 != nil else { return nil }
        let hours = match.1.flatMap { Double($0) } ?? 0
        let minutes = match.2.flatMap { Double($0) } ?? 0
        let seconds = match.3.flatMap { Double($0) } ?? 0
        return hours * 3600 + minutes * 60 + seconds
    }
}

/// What `earshot sleep` and `earshot status` say of the sleep timer.
enum SleepText {
    static func render(_ timer: SleepTimerRecord?) -> String {
        guard let timer else { return "Sleep timer: off" }
        let left = timer.remaining.map { " (\(TimeText.clock($0)) left)" } ?? ""
        switch timer.mode {
        case "after": return "Sleep timer: pauses in \(TimeText.clock(timer.remaining))"
        case "end-of-episode": return "Sleep timer: pauses at the end of this episode\(left)"
        case "end-of-chapter": return "Sleep timer: pauses at the end of this chapter\(left)"
        case "episodes":
            let count = timer.episodesLeft ?? 1
            return count <= 1 ? "Sleep timer: pauses at the end of this episode\(left)"
                : "Sleep timer: pauses at the end of the \(ordinal(count)) episode from here, this one included"
        default: return "Sleep timer: \(timer.mode)"
        }
    }

    /// 2nd, 3rd, 4th, 11th, 21st…
    private static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }
}
