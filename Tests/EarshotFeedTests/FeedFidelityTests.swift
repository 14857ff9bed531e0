import EarshotFeed
import Foundation
import Testing

/// What real feeds write and podcastparser reads, found by scripts/conformance over the shared corpus.
@Suite("Feed fidelity: what real-world feeds write beyond the plain RSS")
struct FeedFidelityTests {
    @Test func undeclaredITunesPrefixStillMeansTheITunesNamespace() throws {
        let feed = try Fixture.parse("undeclared-prefixes.xml")
        let channel = feed.channel
        #expect(channel.author == "VRT")
        #expect(channel.profileImage?.absoluteString == "https://example.com/show.jpg")
        #expect(channel.newFeedURL?.absoluteString == "https://example.com/moved.xml")
        let first = try #require(channel.episodes.first)
        #expect(first.title == "First", "an undeclared prefix Earshot does not know stands for no vocabulary of its own")
        #expect(first.duration == 2047)
        #expect(first.coverImage?.absoluteString == "https://example.com/u1.jpg")
        #expect(first.season == 3)
        #expect(first.episodeNumber == 12)
        #expect(first.episodeType == "bonus")
        #expect(first.chapters.map(\.title) == ["Start"])
    }

    /// The episode number `<itunes:episode>text</itunes:episode>` gives.
    static func episodeNumber(_ text: String) throws -> Int? {
        let xml = """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>S</title>
            <item><guid>1</guid><title>E</title><itunes:episode>\(text)</itunes:episode></item></channel></rss>
            """
        return try #require(try FeedParser.parse(Array(xml.utf8), baseURL: nil).get().channel.episodes.first).episodeNumber
    }

    @Test(arguments: ["-1", "0", "abc", "1.5", "-0", "12abc", "99999999999999999999"])
    func anITunesEpisodeThatIsNotAPositiveIntegerIsDropped(text: String) throws {
        #expect(try Self.episodeNumber(text) == nil)
    }

    @Test func anITunesEpisodeThatIsAPositiveIntegerIsKept() throws {
        #expect(try Self.episodeNumber("7") == 7)
        #expect(try Self.episodeNumber(" 12 ") == 12)
    }

    @Test func undeclaredMediaPrefixStillGivesSoundAndArt() throws {
        let second = try Fixture.parse("undeclared-prefixes.xml").channel.episodes[1]
        #expect(second.soundURL?.absoluteString == "https://example.com/u2.mp3")
        #expect(second.coverImage?.absoluteString == "https://example.com/u2.jpg")
    }

    @Test func theFirstAudioEnclosureIsTheSoundNotALaterImage() throws {
        let episodes = try Fixture.parse("enclosures-and-media.xml").channel.episodes
        #expect(episodes[0].soundURL?.absoluteString == "https://example.com/audio.mp3")
        #expect(episodes[0].soundMIMEType == "audio/mpeg")
        #expect(episodes[0].soundByteLength == 1000, "type and length come from the chosen enclosure")
        #expect(episodes[1].soundURL?.absoluteString == "https://example.com/audio.m4a", "an image listed first is passed over")
        #expect(episodes[1].soundByteLength == 2000)
        #expect(episodes[2].soundURL?.absoluteString == "https://example.com/cover.jpg", "with no audio, the first enclosure")
    }

    @Test func mediaContentInsideAGroupIsTheSoundWhenThereIsNoEnclosure() throws {
        let episode = try Fixture.parse("enclosures-and-media.xml").channel.episodes[3]
        #expect(episode.soundURL?.absoluteString == "https://example.com/group.ogg")
        #expect(episode.soundMIMEType == "audio/ogg")
        #expect(episode.soundByteLength == 3000)
        #expect(episode.coverImage?.absoluteString == "https://example.com/thumb-large.jpg", "the first thumbnail is the art")
    }

    @Test func anEnclosureWinsOverMediaContentAndITunesImageOverAThumbnail() throws {
        let episode = try Fixture.parse("enclosures-and-media.xml").channel.episodes[4]
        #expect(episode.soundURL?.absoluteString == "https://example.com/sound.mp3")
        #expect(episode.coverImage?.absoluteString == "https://example.com/itunes.jpg")
    }

    @Test func redirectNewLocationIsTheNewFeedURL() throws {
        let channel = try Fixture.parse("redirect.xml").channel
        #expect(channel.newFeedURL?.absoluteString == "https://example.com/new-home.xml")
        #expect(channel.episodes.map(\.id) == ["r1"])
    }

    @Test func podloveSimpleChaptersAreReadInStartOrderAndUnreadableOnesSkipped() throws {
        let episode = try #require(try Fixture.parse("podlove-chapters.xml").channel.episodes.first)
        #expect(episode.chapters == [
            Chapter(start: 0, title: "Introduction"),
            Chapter(start: 30, title: "Listed late, starts early"),
            Chapter(start: 62.5, title: "With a link", link: URL(string: "https://example.com/link")),
            Chapter(start: 3723, title: "With an image", image: URL(string: "https://example.com/podcast/chapter.png")),
        ])
    }
}
