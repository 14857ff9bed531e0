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

    @Test func feedGuidsAreResolvedThroughPodcastIndexByGuidAndWithoutAnAnswerLeftOut() throws {
        let f = try CoreFixture()
        let directories = ScriptedDirectories(timers: f.timers)
        f.session.finder.connect(directories: directories, pages: ScriptedPages(), settings: Finder.Settings(timeout: .seconds(10)))
        directories.answers = [.podcastindex: .success([.named("Resolved Show", "https://resolved.example/feed.xml", in: .podcastindex)])]
        var resolved: [String: DirectoryShow]?
        f.session.finder.resolve(guids: ["g-2", "g-1", "g-2"]) { resolved = $0 }
        f.timers.advance(0)
        #expect(directories.asked.map(\.directory) == [.podcastindex, .podcastindex], "each guid once, of Podcast Index only")
        #expect(directories.asked.map(\.query) == [.feedGuid("g-1"), .feedGuid("g-2")])
        #expect(resolved?["g-1"]?.title == "Resolved Show" && resolved?["g-2"]?.feed.absoluteString == "https://resolved.example/feed.xml")

        directories.answers = [.podcastindex: .failure(.missingKey)]
        var unresolved: [String: DirectoryShow]?
        f.session.finder.resolve(guids: ["g-3"]) { unresolved = $0 }
        f.timers.advance(0)
        #expect(unresolved == [:], "no key and secret: the podroll's own address is used")
    }
}
