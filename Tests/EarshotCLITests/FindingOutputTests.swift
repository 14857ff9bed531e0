import Foundation
import Testing
@testable import earshot

/// The command line's side of finding shows: list numbers and what they name, the country `top` asks
/// for, and how results and a web page's feeds are printed.
@Suite("Finding shows on the command line: numbers, country, tables")
struct FindingOutputTests {
    static let made = Date(timeIntervalSince1970: 1_700_000_000)
    static let list = RecentResults(about: "the search for “lab”", made: made, shows: [
        FoundShowRecord(number: 1, title: "Lab", url: "https://lab.example/feed", directories: ["Apple Podcasts"]),
        FoundShowRecord(number: 2, title: "Other", url: "https://other.example/feed", directories: ["fyyd"]),
    ])

    @Test func aWholeNumberOrHashNumberIsAListNumberAndNothingElseIs() {
        #expect(ResultNumber.parse("2") == 2)
        #expect(ResultNumber.parse("#12") == 12)
        for text in ["2a", "-1", "", "#", "1234567", "https://example.com/2", "./2", "٢"] { #expect(ResultNumber.parse(text) == nil, "\(text)") }
    }

    @Test func aNumberNamesItsShowAndTheLineSaysWhichListItCameFrom() throws {
        let resolved = try ResultNumber.resolve([2], in: Self.list, now: Self.made.addingTimeInterval(180))
        #expect(resolved.map(\.feed) == ["https://other.example/feed"])
        #expect(resolved.first?.line == "Show 2 of the search for “lab” (3 min ago): “Other”, https://other.example/feed")
    }

    @Test func aNumberOutsideTheListOrWithoutAListIsOneClearLine() {
        #expect(throws: CommandFailure.self) { try ResultNumber.resolve([3], in: Self.list) }
        do {
            _ = try ResultNumber.resolve([3], in: Self.list, now: Self.made)
        } catch {
            #expect("\(error)" == "there is no show 3 in the search for “lab” (just now): it has 1 to 2")
        }
        do {
            _ = try ResultNumber.resolve([1], in: nil)
        } catch {
            #expect("\(error)".hasPrefix("“1” is a number from a list of shows, but there is none from the last hour"))
        }
    }

    @Test func theChartsCountryIsTheLocalesTerritoryElseUS() {
        #expect(CountryCode.fromLocale(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(CountryCode.fromLocale(["LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"]) == "ca")
        #expect(CountryCode.fromLocale(["LC_ALL": "", "LC_MESSAGES": "pt_BR@latin", "LANG": "de_DE"]) == "br")
        #expect(CountryCode.fromLocale(["LANG": "C.UTF-8"]) == "us")
        #expect(CountryCode.fromLocale([:]) == "us")
        #expect(CountryCode.fromLocale(["LANG": "en_123"]) == "us")
    }

    @Test func theResultsTableNumbersEachShowAndNamesItsDirectoriesAndLibraryPodcast() {
        var shows = Self.list.shows
        shows[0].author = "Example Studios"
        shows[0].episodes = 312
        shows[0].directories = ["Apple Podcasts", "fyyd"]
        shows[1].podcast = 7
        #expect(FoundShowTable.render(shows, width: nil) == """
            #  title  author           episodes  latest  directory             library
            1  Lab    Example Studios       312          Apple Podcasts, fyyd
            2  Other                                     fyyd                  podcast 7
            """)
    }

    @Test func aPagesSeveralFeedsAreListedNumberedWithHowToChoose() {
        var result = FeedResult(url: "https://site.example/", error: "several")
        result.choices = [FeedChoice(number: 1, url: "https://site.example/mp3", title: "MP3"),
                          FeedChoice(number: 2, url: "https://site.example/opus", title: nil)]
        #expect(FeedResultText.choices(result) == """
            https://site.example/ links to 2 feeds:
              1. MP3  https://site.example/mp3
              2. https://site.example/opus
            earshot add N subscribes to one of these (N from 1 to 2, for the next hour).
            """)
    }
}
