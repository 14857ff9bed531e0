@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

/// Searching and the charts through the session's finder, against scripted directories on a hand-moved
/// clock: all asked at once, the answer when the slowest answers or the deadline passes, failures named
/// beside the others' shows, the numbered list kept for an hour, and bad queries refused.
@Suite("Finder: search, charts, the numbered list")
struct FinderTests {
    let fixture: CoreFixture
    let directories: ScriptedDirectories
    var finder: Finder { fixture.session.finder }
    var timers: ManualTimers { fixture.timers }

    init() throws {
        fixture = try CoreFixture()
        directories = ScriptedDirectories(timers: fixture.timers)
        fixture.session.finder.connect(directories: directories, pages: ScriptedPages(),
                                       settings: Finder.Settings(directories: [.itunes, .fyyd, .podcastindex], timeout: .seconds(10)))
    }

    func search(_ terms: String) throws -> () -> FinderAnswer? {
        var answer: FinderAnswer?
        try finder.search(terms) { answer = $0 }
        return { answer }
    }

    @Test func theAnswerComesWhenTheSlowestDirectoryAnswersNotTheSumOfThem() throws {
        directories.answers = [.itunes: .success([.named("A", "https://a.example/f", in: .itunes)]),
                               .fyyd: .success([.named("B", "https://b.example/f", in: .fyyd)]),
                               .podcastindex: .success([.named("C", "https://c.example/f", in: .podcastindex)])]
        directories.delays = [.itunes: .milliseconds(30), .fyyd: .milliseconds(80), .podcastindex: .milliseconds(200)]
        let answer = try search("lab")
        #expect(directories.asked.map(\.directory) == [.itunes, .fyyd, .podcastindex], "all asked at once")
        timers.advance(0.199)
        #expect(answer() == nil)
        timers.advance(0.001)
        #expect(try #require(answer()).list.shows.map(\.title) == ["A", "B", "C"])
        #expect(timers.waiting == 0, "the deadline timer is gone")
    }

    @Test func aDirectoryThatStaysSilentIsNamedAtItsDeadlineAndTheOthersShowsStillCome() throws {
        directories.answers = [.itunes: .success([.named("A", "https://a.example/f", in: .itunes)]),
                               .fyyd: .failure(.rateLimited(retryAfter: "60"))]
        directories.delays = [.podcastindex: Duration?.none]
        let answer = try search("lab")
        timers.advance(9.999)
        #expect(answer() == nil)
        timers.advance(0.001)
        let found = try #require(answer())
        #expect(found.list.shows.map(\.title) == ["A"])
        #expect(found.failures == [DirectoryFailure(directory: .fyyd, error: .rateLimited(retryAfter: "60")),
                                   DirectoryFailure(directory: .podcastindex, error: .timedOut(seconds: 10))])
        #expect(directories.cancelled == [.podcastindex], "the silent directory's transfer is stopped")
        #expect(found.failures.last?.description == "Podcast Index did not answer within 10 s")
    }

    @Test func theResultsLendTheirNumbersForAnHourAndANewerListReplacesThem() throws {
        directories.answers = [.itunes: .success([.named("A", "https://a.example/f", in: .itunes)])]
        _ = try search("first")
        timers.advance(0)
        #expect(finder.recentResults?.origin == .search("first"))
        timers.advance(59 * 60)
        #expect(finder.recentResults?.shows.map(\.title) == ["A"])
        directories.answers = [:]
        _ = try search("second")
        timers.advance(0)
        #expect(finder.recentResults?.origin == .search("second"), "even an empty list replaces the one before")
        timers.advance(60 * 60)
        #expect(finder.recentResults == nil)
    }

    @Test func aShowTheLibraryHasAlreadyCarriesItsPodcast() throws {
        let podcast = try fixture.subscribe("lab", CoreFixture.show("lab", count: 2))
        directories.answers = [.itunes: .success([.named("Lab", "https://lab.test/feed.xml", in: .itunes),
                                                  .named("Other", "https://other.test/feed.xml", in: .itunes)])]
        let answer = try search("lab")
        timers.advance(0)
        #expect(try #require(answer()).list.shows.map(\.podcast) == [podcast, nil])
    }

    @Test func theChartsAreApplesAskedByCountryAndGenre() throws {
        var answer: FinderAnswer?
        try finder.top(country: "DE", genre: "Comedy") { answer = $0 }
        timers.advance(0)
        #expect(directories.asked.map(\.directory) == [.itunes])
        #expect(directories.asked.first?.query == .chart(country: "de", genre: AppleGenre.named("comedy")))
        #expect(answer?.list.origin == .chart(country: "de", genre: AppleGenre.named("comedy")))
    }

    @Test func badQueriesAreRefusedBeforeAnyDirectoryIsAsked() throws {
        #expect(throws: LibraryError.self) { try finder.search("   ") { _ in } }
        #expect(throws: LibraryError.self) { try finder.top(country: "deu", genre: nil) { _ in } }
        #expect(throws: LibraryError.self) { try finder.top(country: "de", genre: "polka") { _ in } }
        finder.connect(directories: directories, pages: ScriptedPages(), settings: Finder.Settings(directories: [.fyyd]))
        #expect(throws: LibraryError.invalidSetting("the charts are Apple's, and itunes is not among the directories configured")) {
            try finder.top(country: "de", genre: nil) { _ in }
        }
        finder.connect(directories: directories, pages: ScriptedPages(), settings: Finder.Settings(directories: []))
        #expect(throws: LibraryError.self) { try finder.search("lab") { _ in } }
        #expect(directories.asked.isEmpty)
    }
}
