import ArgumentParser
import EarshotLocale

/// `earshot history [--since WHEN] [--limit N] [--json]`: what was heard, when, for how long, where.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: tr("Show what was heard: when, for how long, which part, at which speed, on which device."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            One row per sitting (from play to pause, the end or another episode), latest first; ✓ marks
            one that finished the episode. Examples:
              earshot history
              earshot history --since 7d
              earshot history --since 2026-01-01 --json
            """))

    @Option(help: ArgumentHelp(tr("Only since then: %s.", DateArgument.help), valueName: trc("value name in usage, as in earshot play <episode>", "when")))
    var since: DateArgument?

    @Option(help: ArgumentHelp(tr("At most this many rows (0: all)."), valueName: trc("value name in usage, as in earshot play <episode>", "limit")))
    var limit = 50

    @Flag(help: ArgumentHelp(tr("Print JSON (instants in ISO 8601, times in seconds).")))
    var json = false

    func validate() throws {
        if limit < 0 { throw ValidationError(tr("--limit counts rows: 0 or more")) }
    }

    func run() throws {
        let entries = try DaemonClient().history(since: since?.date, limit: limit == 0 ? nil : limit)
        Console.print(json ? try JSONOutput.render(entries) : HistoryText.render(entries, width: Terminal.outputWidth))
    }
}

/// `earshot stats [--since WHEN] [--json]`: time listened, and the time speed, trimming and skips saved.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: tr("Show how much was listened, per podcast and per month, and the time speed and trimming saved."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Computed from the history, so exact: the wall time listened, the audio it covered, and the
            difference explained (speed, trimmed silences), beside the intros and outros skipped.
            Examples:
              earshot stats
              earshot stats --since 1y --json
            """))

    @Option(help: ArgumentHelp(tr("Only since then: %s.", DateArgument.help), valueName: trc("value name in usage, as in earshot play <episode>", "when")))
    var since: DateArgument?

    @Flag(help: ArgumentHelp(tr("Print JSON (seconds throughout).")))
    var json = false

    func run() throws {
        let stats = try DaemonClient().stats(since: since?.date)
        Console.print(json ? try JSONOutput.render(stats) : HistoryText.render(stats, width: Terminal.outputWidth))
    }
}
