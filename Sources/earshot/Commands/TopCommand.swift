import ArgumentParser
import EarshotFeed
import EarshotLocale

/// `earshot top [--country CC] [--genre NAME] [--json]`: Apple's most popular podcasts, numbered as
/// `earshot search` numbers its results.
struct TopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: tr("List Apple's top podcasts."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated. %s is the list of Apple's genres as typed.
        discussion: tr("""
            Apple's chart for a country (default: your locale's, else us), of all podcasts or one genre,
            each with its feed. earshot add N then subscribes to show N, for the next hour.
            Genres: %s.
            Examples:
              earshot top
              earshot top --country de --genre comedy
            """, AppleGenre.spellings))

    @Option(help: ArgumentHelp(tr("The country, two letters (ISO 3166), e.g. de."), valueName: trc("value name in usage, as in earshot play <episode>", "country")))
    var country: String?

    @Option(help: ArgumentHelp(tr("One of Apple's genres, e.g. comedy or true-crime."), valueName: trc("value name in usage, as in earshot play <episode>", "genre")))
    var genre: String?

    @Flag(help: ArgumentHelp(tr("Print the results as JSON.")))
    var json = false

    func validate() throws {
        if let country, !CountryCode.isCountry(country) {
            throw ValidationError(tr("a country is two letters (ISO 3166), like us or de, not “%s”", country))
        }
        if let genre, AppleGenre.named(genre) == nil {
            // TRANSLATORS: %1$s is the genre asked for, %2$s Apple's genres as they are typed (not translated).
            throw ValidationError(tr("Apple has no genre “%1$s” (its genres: %2$s)", genre, AppleGenre.spellings))
        }
    }

    func run() throws {
        let found = try DaemonClient().top(country: (country ?? CountryCode.fromLocale()).lowercased(), genre: genre)
        try FoundShowsOutput.show(found, json: json, nothing: tr("Apple's chart is empty."))
    }
}
