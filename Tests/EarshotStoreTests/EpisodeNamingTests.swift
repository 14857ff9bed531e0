import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

/// Naming an episode by part of its title counts the matches and reads only a few of them: a common word
/// matching 100,000 episodes listed them all for the CLI to choose among (issue 37, point 12).
@Suite struct EpisodeNamingTests {
    @Test func aNameCountsEveryMatchAndReadsOnlyTheNewestFewAndTheWholeTitles() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        let channel = Channel(title: "Show", episodes: (1...500).map { n in
            Episode(id: "g\(n)", title: n == 7 ? "ÉTÉ news" : "News \(n)",
                    releaseDate: ReleaseDate(text: "day \(n)", date: Date(timeIntervalSince1970: Double(n) * 86_400)))
        })
        _ = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators())

        let news = try store.nameEpisode("news", filter: .all, shown: 10)
        #expect(news.total == 500)
        #expect(news.first.map(\.title) == (491...500).reversed().map { "News \($0)" }, "the newest ten")
        #expect(news.exact.isEmpty)

        let whole = try store.nameEpisode("news 50", filter: .all, shown: 10)
        #expect(whole.total == 2, "News 50 and News 500 contain it")
        #expect(whole.exact.map(\.title) == ["News 50"])

        let accented = try store.nameEpisode("été NEWS", filter: .all, shown: 10)
        #expect(accented.total == 1 && accented.exact.map(\.title) == ["ÉTÉ news"], "case is folded beyond ASCII")
        #expect(try store.nameEpisode("news", filter: .played, shown: 10).total == 0)
        #expect(try store.nameEpisode("absent", filter: .all, shown: 10) == EpisodeNaming(total: 0, exact: [], first: []))
    }
}
