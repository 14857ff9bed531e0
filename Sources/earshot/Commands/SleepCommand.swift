import ArgumentParser
import EarshotLocale
import Foundation

/// `earshot sleep [WHEN]`: the sleep timer. Without WHEN, what is left.
struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: tr("Pause after a while, at the end of the episode or chapter, or after some episodes."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            The volume fades out over the last 10 seconds (sleep-fade in the configuration file), then
            playback pauses and the volume comes back. Playing again does not re-arm the timer, and a
            restart forgets it. Without WHEN, shows what is left.
            WHEN:
              20m, 1h30m, 90s, 45     a time (a bare number is minutes)
              end-of-episode          when this episode ends (the next one waits, paused)
              end-of-chapter          when this chapter ends
              3-episodes              when the third episode, this one included, ends
              off                     no sleep timer
            """))

    @Argument(
        help: ArgumentHelp(tr("When to pause (see above)."), valueName: trc("value name in usage, as in earshot play <episode>", "when")),
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
        // TRANSLATORS: %s is what was typed; the words after it are typed as they are (not translated).
        throw ValidationError(tr("“%s” is not a time (20m, 1h30m, 90s), end-of-episode, end-of-chapter, N-episodes or off", text))
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
        guard let timer else { return tr("Sleep timer: off") }
        let left = timer.remaining.map { TimeText.clock($0) }
        switch timer.mode {
        // TRANSLATORS: %s is the time it pauses in (12:30).
        case "after": return tr("Sleep timer: pauses in %s", TimeText.clock(timer.remaining))
        case "end-of-chapter":
            // TRANSLATORS: %s is the time left (12:30).
            return left.map { tr("Sleep timer: pauses at the end of this chapter (%s left)", $0) } ?? tr("Sleep timer: pauses at the end of this chapter")
        case "episodes" where (timer.episodesLeft ?? 1) > 1:
            // TRANSLATORS: %s is an ordinal number (3rd, 21st).
            return tr("Sleep timer: pauses at the end of the %s episode from here, this one included", ordinal(timer.episodesLeft ?? 1))
        case "end-of-episode", "episodes":
            // TRANSLATORS: %s is the time left (12:30).
            return left.map { tr("Sleep timer: pauses at the end of this episode (%s left)", $0) } ?? tr("Sleep timer: pauses at the end of this episode")
        // TRANSLATORS: %s is the timer's mode as the daemon names it (not translated).
        default: return tr("Sleep timer: %s", timer.mode)
        }
    }

    /// 2nd, 3rd, 4th, 11th, 21st… (from 2 on: a count of 1 is "this episode").
    private static func ordinal(_ number: Int) -> String {
        switch (number % 10, number % 100) {
        // TRANSLATORS: ordinal numbers (2nd, 3rd, 21st, 11th): English picks one of these four endings by the
        // last digits. A language without such endings translates all four alike (German: %d.).
        case (_, 11...13): tr("%dth", number)
        // TRANSLATORS: an ordinal number ending in 1 (21st); see %dth.
        case (1, _): tr("%dst", number)
        // TRANSLATORS: an ordinal number ending in 2 (22nd); see %dth.
        case (2, _): tr("%dnd", number)
        // TRANSLATORS: an ordinal number ending in 3 (23rd); see %dth.
        case (3, _): tr("%drd", number)
        default: tr("%dth", number)
        }
    }
}
