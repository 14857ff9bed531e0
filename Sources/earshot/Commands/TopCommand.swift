import ArgumentParser
import EarshotFeed

/// `earshot top [--country CC] [--genre NAME] [--json]`: Apple's most popular podcasts, numbered as
/// `earshot search` numbers its results.
struct TopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "List Apple's top podcasts.",
        discussion: """
            Apple's chart for a country (default: your locale's, else us), of all podcasts or one genre,
            each with its feed. earshot add N then subscribes to show N, for the next hour.
            Genres: \(AppleGenre.spellings).
            Examples:
              earshot top
              earshot top --country de --genre comedy
            """)

    @Option(help: "The country, two letters (ISO 3166), e.g. de.")
    var country: String?

    @Option(help: "One of Apple's genres, e.g. comedy or true-crime.")
    var genre: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    func validate() throws {
        if let country, !CountryCode.isCountry(country) {
            throw ValidationError("a country is two letters (ISO 3166), like us or de, not “\(country)”")
        }
        if let genre, AppleGenre.named(genre) == nil {
            throw ValidationError("Apple has no genre “\(genre)” (its genres: \(AppleGenre.spellings))")
        }
    }

    func run() throws {
        let found = try DaemonClient().top(country: (country ?? CountryCode.fromLocale()).lowercased(), genre: genre)
        try FoundShowsOutput.show(found, json: json, nothing: "Apple's chart is empty.")
    }
}
