@testable import EarshotCore
import EarshotFeed
import Foundation
import Testing

/// The merge of several directories' answers: each feed once under any of its spellings, ranked by every
/// directory's placing, the exact title first, one directory's order kept.
@Suite("Directory results: merging, de-duplicating, ranking")
struct ShowRankingTests {
    @Test func oneFeedUnderTwoSpellingsIsOneShowListingBothDirectories() throws {
        let merged = ShowRanking.merged([
            [.named("Radio Lab", "https://feeds.example.com/radiolab", in: .itunes, episodes: 312, latest: Date(timeIntervalSince1970: 100))],
            [.named("Radiolab (fyyd)", "http://WWW.feeds.example.com:80/radiolab/", in: .fyyd, episodes: 318, latest: Date(timeIntervalSince1970: 50))],
        ])
        let show = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(show.directories == [.itunes, .fyyd])
        #expect(show.title == "Radio Lab", "the first directory's title")
        #expect(show.feed.absoluteString == "https://feeds.example.com/radiolab", "https kept")
        #expect(show.episodes == 318, "the larger count")
        #expect(show.latest == Date(timeIntervalSince1970: 100), "the later date")
    }

    @Test func aShowTwoDirectoriesPlaceNearTheTopRisesAboveOnesOnlyOneLists() {
        let merged = ShowRanking.merged([
            [.named("A", "https://a.example/f", in: .itunes), .named("B", "https://b.example/f", in: .itunes),
             .named("C", "https://c.example/f", in: .itunes)],
            [.named("B", "https://b.example/f", in: .fyyd), .named("D", "https://d.example/f", in: .fyyd)],
        ])
        #expect(merged.map(\.title) == ["B", "A", "D", "C"], "B: 1/2 + 1; A: 1; D: 1/2; C: 1/3")
    }

    @Test func aTitleThatIsExactlyTheWordsSearchedForComesFirst() {
        let merged = ShowRanking.merged([
            [.named("The Daily Grind", "https://grind.example/f", in: .itunes), .named("The Daily", "https://daily.example/f", in: .itunes)],
        ], terms: "the daily")
        #expect(merged.map(\.title) == ["The Daily", "The Daily Grind"])
    }

    @Test func oneDirectorysListKeepsItsOrderAndListsAFeedOnce() {
        let chart: [DirectoryShow] = [.named("1", "https://one.example/f", in: .itunes), .named("2", "https://two.example/f", in: .itunes),
                                      .named("1 again", "https://one.example/f/", in: .itunes), .named("3", "https://three.example/f", in: .itunes)]
        #expect(ShowRanking.merged([chart]).map(\.title) == ["1", "2", "3"])
    }

    @Test func feedKeysIgnoreSchemeCaseWWWPortSlashAndFragmentButNotQueryOrPath() {
        let key = { (text: String) in FeedKey(URL(string: text)!) }
        #expect(key("http://WWW.Example.com:80/feed/#x") == key("https://example.com/feed"))
        #expect(key("feed://example.com/feed") == key("https://example.com/feed"))
        #expect(key("https://example.com:8443/feed") != key("https://example.com/feed"))
        #expect(key("https://example.com/feed?format=mp3") != key("https://example.com/feed?format=aac"))
        #expect(key("https://example.com/Feed") != key("https://example.com/feed"))
    }
}

/// What a listener's address points to.
@Suite("Addresses a listener has")
struct ListenerAddressTests {
    @Test(arguments: [
        "https://podcasts.apple.com/us/podcast/some-show/id123456789",
        "https://podcasts.apple.com/us/podcast/some-show/id123456789?i=1000650000000",
        "https://podcasts.apple.com/podcast/id123456789",
        "http://itunes.apple.com/us/podcast/some-show/id123456789?mt=2",
        "https://itunes.apple.com/WebObjects/MZStore.woa/wa/viewPodcast?id=123456789",
        "itpc://podcasts.apple.com/de/podcast/eine-sendung/id123456789",
    ])
    func applePodcastsPagesNameTheShowsAppleID(link: String) {
        #expect(ListenerAddress.read(link) == .directoryPage(.itunes, id: "123456789", page: WebAddress.http(link)!))
    }

    @Test func podcastIndexPagesNameTheShowsFeedID() {
        let page = URL(string: "https://podcastindex.org/podcast/920666")!
        #expect(ListenerAddress.read(page.absoluteString) == .directoryPage(.podcastindex, id: "920666", page: page))
        #expect(ListenerAddress.read("https://podcastindex.org/podcast/920666/episodes") == .feed(URL(string: "https://podcastindex.org/podcast/920666/episodes")!))
    }

    @Test(arguments: [("feed://example.com/rss", "http://example.com/rss"), ("itpc://example.com/rss", "http://example.com/rss"),
                      ("pcast://example.com/rss", "http://example.com/rss"), ("PODCAST://example.com/rss", "http://example.com/rss"),
                      ("feed:https://example.com/rss", "https://example.com/rss"), ("  https://example.com/ \n", "https://example.com/")])
    func podcastAppAliasesMeanHttp(written: String, meant: String) {
        #expect(ListenerAddress.read(written) == .feed(URL(string: meant)!))
    }

    @Test func otherPagesOfAppleAndFilesAreFeedsToFetch() {
        #expect(ListenerAddress.read("https://podcasts.apple.com/us/browse") == .feed(URL(string: "https://podcasts.apple.com/us/browse")!))
        #expect(ListenerAddress.read("file:///home/me/feed.xml") == .feed(URL(string: "file:///home/me/feed.xml")!))
    }

    @Test(arguments: ["ftp://example.com/rss", "radiolab", "", "https://", "mailto:me@example.com"])
    func whatIsNoAddressIsRefusedInWords(text: String) {
        #expect(ListenerAddress.read(text) == .refused("“\(text)” is not an http, https or file URL"))
    }
}
