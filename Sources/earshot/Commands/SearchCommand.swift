import ArgumentParser
import EarshotLocale

/// `earshot search WORDS... [--json]`: asks the configured directories at once and prints one numbered
/// list; `earshot add N` subscribes to show N of it.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: tr("Search podcast directories for shows."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Asks every directory of the configuration (directories = itunes, fyyd, podcastindex) at once and
            lists each show once, best first, with the directories that list it. A directory that fails
            is named on one line; the others' shows are listed all the same. earshot add N then
            subscribes to show N, for the next hour.
            Examples:
              earshot search radiolab
              earshot search --json "daily news"
            """))

    @Argument(help: ArgumentHelp(tr("Words to search for."), valueName: trc("value name in usage, as in earshot play <episode>", "words")))
    var words: [String]

    @Flag(help: ArgumentHelp(tr("Print the results and the failed directories as JSON.")))
    var json = false

    var terms: String { words.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    func validate() throws {
        guard !terms.isEmpty else { throw ValidationError(tr("give some words to search for")) }
    }

    func run() throws {
        let found = try DaemonClient().search(terms)
        try FoundShowsOutput.show(found, json: json, nothing: tr("No shows found for “%s”.", terms))
    }
}
