import EarshotFeed
import Foundation
import Testing

/// A feed from the network points only to http(s) for everything Earshot fetches from it (transcripts,
/// chapters, cover art, chapter images, the address it moves to): a `file://` address there would have
/// Earshot read a local file (`~/.ssh/id_rsa` as a transcript) and show or index it. A feed read from a
/// local file may point to local files.
@Suite("Addresses a feed gives: http(s) only from the network")
struct FeedAddressTests {
    static func feed(pointingAt target: String) -> [UInt8] {
        Array("""
            <?xml version="1.0"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
                 xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:psc="http://podlove.org/simple-chapters">
            <channel><title>Show</title><itunes:image href="\(target)/cover.png"/>
              <itunes:new-feed-url>\(target)/moved.xml</itunes:new-feed-url>
              <item><guid>one</guid><title>One</title>
                <enclosure url="https://cdn.example/one.mp3" type="audio/mpeg" length="1"/>
                <itunes:image href="\(target)/one.png"/>
                <podcast:transcript url="\(target)/id_rsa" type="text/plain"/>
                <podcast:chapters url="\(target)/chapters.json" type="application/json+chapters"/>
                <psc:chapters version="1.2"><psc:chapter start="0" title="Start" image="\(target)/chapter.png"/></psc:chapters>
              </item>
            </channel></rss>
            """.utf8)
    }

    @Test func aFeedFromTheNetworkNamingLocalFilesHasThemLeftOutWithAWarning() throws {
        let parsed = try FeedParser.parse(Self.feed(pointingAt: "file:///home/me/.ssh"), baseURL: URL(string: "https://feeds.example/show.xml")).get()
        let episode = try #require(parsed.channel.episodes.first)
        #expect(episode.transcripts.isEmpty)
        #expect(episode.chaptersURL == nil)
        #expect(episode.coverImage == nil)
        #expect(episode.chapters.first?.image == nil && episode.chapters.first?.title == "Start")
        #expect(parsed.channel.profileImage == nil)
        #expect(parsed.channel.newFeedURL == nil)
        #expect(parsed.warnings.contains { $0.contains("file:///home/me/.ssh/id_rsa") && $0.contains("http") })
    }

    @Test func aFeedFromTheNetworkKeepsItsHTTPAddresses() throws {
        let parsed = try FeedParser.parse(Self.feed(pointingAt: "https://cdn.example"), baseURL: URL(string: "https://feeds.example/show.xml")).get()
        let episode = try #require(parsed.channel.episodes.first)
        #expect(episode.transcripts.map(\.url.absoluteString) == ["https://cdn.example/id_rsa"])
        #expect(episode.chaptersURL?.absoluteString == "https://cdn.example/chapters.json")
        #expect(episode.coverImage != nil && parsed.channel.profileImage != nil && parsed.channel.newFeedURL != nil)
    }

    @Test func aLocalFeedMayPointToLocalFiles() throws {
        let parsed = try FeedParser.parse(Self.feed(pointingAt: "file:///srv/show"), baseURL: URL(fileURLWithPath: "/srv/show/feed.xml")).get()
        let episode = try #require(parsed.channel.episodes.first)
        #expect(episode.transcripts.map(\.url.absoluteString) == ["file:///srv/show/id_rsa"])
        #expect(episode.chaptersURL?.isFileURL == true && episode.coverImage?.isFileURL == true)
    }
}
