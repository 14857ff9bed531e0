import Foundation
import Testing

@testable import EarshotFeed

/// Addresses an episode keeps as text (its page, artwork, chapters file, alternate sources): read as
/// `URL`s on demand, stored under the keys they had as `URL`s.
@Suite("Addresses kept as text")
struct AddressTextTests {
    @Test func anEpisodesAddressesReadBackAsTheURLsTheFeedGave() throws {
        let feed = """
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
        <channel><title>T</title><item><guid>a</guid><link>episodes/1 page</link>
        <itunes:image href="https://cdn.example/art.jpg"/><podcast:chapters url="/chapters.json" type="application/json+chapters"/>
        <podcast:alternateEnclosure type="audio/opus"><podcast:source uri="https://cdn.example/a.opus"/>
        <podcast:source uri="ftp://cdn.example/a.opus"/><podcast:source uri="b.opus"/></podcast:alternateEnclosure>
        </item></channel></rss>
        """
        let episode = try #require(try FeedParser.parse(Array(feed.utf8), baseURL: URL(string: "https://host.example/show/feed.xml")).get()
            .channel.episodes.first)
        #expect(episode.link == URL(string: "https://host.example/show/episodes/1%20page"))
        #expect(episode.coverImage == URL(string: "https://cdn.example/art.jpg"))
        #expect(episode.chaptersURL == URL(string: "https://host.example/chapters.json"))
        #expect(episode.podcast.alternateEnclosures.first?.sources
                == [URL(string: "https://cdn.example/a.opus")!, URL(string: "https://host.example/show/b.opus")!])
    }

    @Test func episodesStoredWithURLKeysReadTheSameAndAreWrittenUnderThem() throws {
        let stored = #"{"id":"a","rawDescriptionFormat":"html","link":"https://host.example/1","coverImage":"https://cdn.example/art.jpg","chaptersURL":"https://host.example/c.json","transcripts":[],"chapters":[]}"#
        let episode = try JSONDecoder().decode(Episode.self, from: Data(stored.utf8))
        #expect(episode.link == URL(string: "https://host.example/1"))
        #expect(episode.coverImage == URL(string: "https://cdn.example/art.jpg"))
        #expect(episode.chaptersURL == URL(string: "https://host.example/c.json"))
        let written = try #require(String(data: try JSONEncoder().encode(episode), encoding: .utf8))
        #expect(written.contains(#""link":"https:\/\/host.example\/1""#))
        #expect(written.contains(#""coverImage":"#) && written.contains(#""chaptersURL":"#))

        let alternate = #"{"type":"audio/opus","isDefault":false,"sources":["https://cdn.example/a.opus"]}"#
        let enclosure = try JSONDecoder().decode(AlternateEnclosure.self, from: Data(alternate.utf8))
        #expect(enclosure.sources == [URL(string: "https://cdn.example/a.opus")!])
        let again = try #require(String(data: try JSONEncoder().encode(enclosure), encoding: .utf8))
        #expect(again.contains(#""sources":["#))
    }
}
