@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

@Suite("Finder: the shows recommended are a numbered list for earshot add")
struct RecommendedListTests {
    @Test func recommendedFeedsBecomeTheRecentListMarkedWithTheirPodcasts() throws {
        let f = try CoreFixture()
        let alpha = try f.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let other = URL(string: "https://other.example/feed.xml")!
        let list = f.session.finder.recommend([FeedLink(url: other, title: nil), FeedLink(url: CoreFixture.url("alpha"), title: nil)])
        #expect(list.origin == .recommended)
        #expect(f.session.finder.recentResults == list, "earshot add N takes its numbers from it")
        #expect(list.shows.map(\.feed) == [other, CoreFixture.url("alpha")])
        #expect(list.shows.map(\.podcast) == [nil, alpha], "a show the library has is marked with its podcast")
        f.timers.advance(60 * 60)
        #expect(f.session.finder.recentResults == nil, "for an hour, like a search's")
    }
}
