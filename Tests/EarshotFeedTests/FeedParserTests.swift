import EarshotFeed
import Foundation
import Testing

@Suite("Feed parser: models from RSS, iTunes, Atom and Podcasting 2.0")
struct FeedParserTests {
    @Test func seedExampleItemKeepsEveryFieldOfTheSeedModel() throws {
        let feed = try Fixture.parse("seed-channel.xml")
        let channel = feed.channel
        #expect(channel.title == "讀書與科技 Daodu Tech")
        #expect(channel.profileImage?.absoluteString == "https://i1.sndcdn.com/avatars-000326154119-ogb1ma-original.jpg")
        #expect(channel.link?.absoluteString == "https://daodu.tech", "the image's <link> must not replace the channel's")
        #expect(channel.episodes.count == 1)
        let episode = try #require(channel.episodes.first)
        #expect(episode.id == "tag:soundcloud,2010:tracks/1000284829")
        #expect(episode.title == "Ep. 135 流動的資金盛宴")
        #expect(episode.releaseDate?.text == "Sun, 07 Mar 2021 22:00:12 +0000")
        #expect(episode.releaseDate?.date == Date(timeIntervalSince1970: 1_615_154_412))
        #expect(episode.soundURL?.absoluteString == "https://feeds.soundcloud.com/stream/1000284829-daodutech-podcast-a-liquid-feast-of-capital.mp3")
        #expect(episode.soundMIMEType == "audio/mpeg")
        #expect(episode.soundByteLength == 60_557_439)
        #expect(episode.coverImage?.absoluteString == "https://i1.sndcdn.com/artworks-Z7zJRFuDjv63KCHv-5W8whA-t3000x3000.jpg")
        #expect(episode.description.hasPrefix("現代金融理論加上現代科技"))
        #expect(episode.description.contains("風險。\n\n主題文章：博弈、科技與投資自己之必要\nhttps://bit.ly/2MSu8Qk"),
                "plain-text descriptions keep their own line breaks")
        #expect(episode.duration == nil)
        #expect(feed.warnings.isEmpty)
    }

    @Test func iTunesChannelAndItemFieldsAreReadByNamespaceNotPrefix() throws {
        let channel = try Fixture.parse("full-itunes.xml").channel
        #expect(channel.title == "The Example Show")
        #expect(channel.author == "Ada Lovelace")
        #expect(channel.description == "A show about examples & more.")
        #expect(channel.profileImage?.absoluteString == "https://example.com/show.jpg", "itunes:image wins over image/url")
        #expect(channel.newFeedURL?.absoluteString == "https://new.example.com/feed.xml")
        #expect(channel.link?.absoluteString == "https://example.com/", "atom:link rel=self is not the show's page")
        #expect(channel.episodes.map(\.id) == ["ep-2", "ep-1"], "episodes stay in feed order")

        let second = channel.episodes[0]
        #expect(second.title == "Second & Last")
        #expect(second.duration == 3723)
        #expect(second.season == 2)
        #expect(second.episodeNumber == 7)
        #expect(second.episodeType == "full")
        #expect(second.link?.absoluteString == "https://example.com/ep2")
        #expect(second.coverImage?.absoluteString == "https://example.com/ep2.jpg")
        #expect(second.soundURL?.absoluteString == "https://example.com/podcast/audio/ep2.mp3?a=1&b=2",
                "relative enclosures resolve against the feed URL, entities in attributes are decoded")
        #expect(second.releaseDate?.date == Date(timeIntervalSince1970: 1_591_117_200))

        let trailer = channel.episodes[1]
        #expect(trailer.duration == 3668, "61:08 is sixty-one minutes")
        #expect(trailer.soundURL?.absoluteString == "https://example.com/media/trailer.opus")
        #expect(trailer.releaseDate?.date == Date(timeIntervalSince1970: 1_591_000_200))
        #expect(trailer.episodeType == "trailer")
        #expect(trailer.description == "")
        #expect(trailer.rawDescription == nil)
    }

    @Test func htmlDescriptionBecomesPlainTextAndTheRawHTMLIsKept() throws {
        let episode = try Fixture.parse("full-itunes.xml").channel.episodes[0]
        #expect(episode.rawDescription?.hasPrefix("<p>Full notes with a <a href=") == true, "content:encoded is the richest source")
        #expect(episode.rawDescriptionFormat == .html)
        #expect(episode.description == "Full notes with a link.\n\n• One\n\n• Two\n\nCafé “quoted” end")
    }

    @Test func atomFeedsMapEntriesLinksAndDates() throws {
        let channel = try Fixture.parse("atom.xml").channel
        #expect(channel.title == "Atom Radio")
        #expect(channel.author == "Grace Hopper")
        #expect(channel.description == "Episodes in Atom")
        #expect(channel.link?.absoluteString == "https://atom.example/")
        #expect(channel.profileImage?.absoluteString == "https://atom.example/logo.png")
        #expect(channel.episodes.count == 2)
        let first = channel.episodes[0]
        #expect(first.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
        #expect(first.soundURL?.absoluteString == "https://atom.example/1.mp3")
        #expect(first.soundByteLength == 4096)
        #expect(first.link?.absoluteString == "https://atom.example/1")
        #expect(first.releaseDate?.text == "2021-03-07T22:00:12.250+01:00", "published wins over updated")
        #expect(first.releaseDate?.date == Date(timeIntervalSince1970: 1_615_150_812.25))
        #expect(first.description == "Hello Atom")
        #expect(first.duration == 3600.5)
        let second = channel.episodes[1]
        #expect(second.link?.absoluteString == "https://atom.example/2", "a link without rel is the alternate")
        #expect(second.soundURL == nil)
        #expect(second.releaseDate?.text == "2021-03-09T10:00:00Z")
        #expect(second.description == "a < b, plain", "type=text content is not treated as HTML")
        #expect(second.rawDescriptionFormat == .text)
    }

    @Test(arguments: ["podcasting20-new.xml", "podcasting20-old.xml"])
    func podcasting20ChaptersAndTranscriptUnderBothNamespaceURIs(file: String) throws {
        let episode = try #require(try Fixture.parse(file).channel.episodes.first)
        #expect(episode.chaptersURL?.absoluteString == "https://p2.example/1.json")
        #expect(episode.transcripts == [
            TranscriptLink(url: URL(string: "https://p2.example/1.vtt")!, type: "text/vtt"),
            TranscriptLink(url: URL(string: "https://p2.example/1.srt")!, type: "application/srt"),
        ], "every transcript, in the order listed")
    }

    @Test func aPrefixBoundToAnotherNamespaceIsNotITunes() throws {
        let episode = try #require(try Fixture.parse("wrong-prefix-namespace.xml").channel.episodes.first)
        #expect(episode.duration == 10)
    }

    @Test func bytesMayArriveInAnySlicing() throws {
        let document = try Fixture.bytes("full-itunes.xml")
        let whole = try FeedParser.parse(document, baseURL: URL(string: "https://example.com/podcast/feed.xml")).get()
        for size in [1, 3, 7, 64, 1000] {
            let parser = FeedParser(baseURL: URL(string: "https://example.com/podcast/feed.xml"))
            var offset = 0
            while offset < document.count {
                let end = min(offset + size, document.count)
                document[offset..<end].withUnsafeBytes { parser.feed($0) }
                offset = end
            }
            #expect(try parser.finish().get() == whole, "chunks of \(size) bytes")
        }
    }
}
