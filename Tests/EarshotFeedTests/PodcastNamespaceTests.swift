import EarshotFeed
import Foundation
import Testing

/// The Podcasting 2.0 tags beyond chapters and transcripts, read from a feed using all of them
/// (`podcasting20-full.xml`, shaped after the namespace's own examples), under both namespace URIs.
@Suite struct PodcastNamespaceTests {
    static let oldURI = "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"

    /// The fixture as written (current URI) and with the GitHub URI older feeds use.
    static func parse(oldURI: Bool) throws -> Channel {
        var text = String(decoding: try Fixture.bytes("podcasting20-full.xml"), as: UTF8.self)
        if oldURI { text = text.replacingOccurrences(of: "https://podcastindex.org/namespace/1.0", with: Self.oldURI) }
        return try FeedParser.parse(Array(text.utf8), baseURL: URL(string: "https://full.example/feed.xml")).get().channel
    }

    @Test(arguments: [false, true])
    func theChannelsIdentityPeopleAndFundingAreRead(oldURI: Bool) throws {
        let show = try Self.parse(oldURI: oldURI).podcast
        #expect(show.guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810")
        #expect(show.people == [
            Person(name: "Adam Curry", image: "https://full.example/adam.jpg", link: "https://full.example/adam"),
            Person(name: "Dave Jones", role: "producer", group: "audio post-production"),
        ], "role and group default to host and cast, lower case; a person without a name is left out")
        #expect(show.funding == [
            FundingLink(url: URL(string: "https://www.example.com/donations")!, text: "Support the show!"),
            FundingLink(url: URL(string: "https://patreon.example/full")!),
        ], "a funding link without an address is left out")
    }

    @Test(arguments: [false, true])
    func theChannelsOtherFieldsAreRead(oldURI: Bool) throws {
        let show = try Self.parse(oldURI: oldURI).podcast
        #expect(show.isLocked && show.lockOwner == "host@full.example")
        #expect(!show.isBlocked, "a block naming one platform (id) is not the show's, and `no` is no block")
        #expect(show.images.map(\.width) == [3000, 1500, 600, 150])
        #expect(show.images.last?.address == "https://full.example/cover-150.jpg", "relative to the feed")
        #expect(show.updateFrequency == UpdateFrequency(text: "Weekly on Mondays", rule: "FREQ=WEEKLY;BYDAY=MO"))
        #expect(show.location == Location(name: "Austin, TX", geo: "geo:30.2672,97.7431", osm: "R113314"))
        #expect(show.license == License(name: "cc-by-4.0", url: "https://creativecommons.org/licenses/by/4.0/"))
        #expect(show.texts == [TextRecord(purpose: "verify", text: "S6lpp-7ZCn8-dZfGc-OoyaG"), TextRecord(text: "naked text")])
        #expect(show.medium == "audiobook")
        #expect(show.chat == Chat(server: "irc.zeronode.net", protocol: "irc", account: "@full", space: "#podcastindex"))
        #expect(show.valueTypes == ["lightning"])
        #expect(show.trailers == [Trailer(title: "Coming April 1st, 2021", url: URL(string: "https://full.example/trailer.mp3")!,
                                          published: "Thu, 01 Apr 2021 08:00:00 EST", type: "audio/mp3", season: 2)])
        #expect(show.podroll == [
            RemoteItem(feedGuid: "396d9ec6-a4ad-55ec-9e89-0a5e8d3f9c34", feedURL: URL(string: "https://mp3s.nashownotes.com/pc20rss.xml")),
            RemoteItem(feedGuid: "917393e3-1b1e-5cef-ace4-edaa54e1f810"),
            RemoteItem(feedGuid: nil, feedURL: URL(string: "https://no-guid.example/feed.xml")),
        ])
    }

    @Test(arguments: [false, true])
    func liveItemsAreKeptApartFromEpisodes(oldURI: Bool) throws {
        let channel = try Self.parse(oldURI: oldURI)
        #expect(channel.episodes.map(\.id) == ["full-3", "full-3.5"], "a live item is no episode")
        let live = channel.podcast.liveItems
        #expect(live.map(\.status) == ["live", "pending"])
        #expect(live.map(\.episode.id) == ["live-1", "live-2"])
        #expect(live[0].episode.soundURL?.absoluteString == "https://stream.full.example/live.mp3")
        #expect(live[0].start?.date != nil && live[0].end?.date != nil && live[1].end == nil)
        #expect(live[0].contentLinks.map(\.text) == ["YouTube!", "Live on the site"])
        #expect(live[0].episode.podcast.people.map(\.name) == ["Adam Curry"])
    }

    @Test(arguments: [false, true])
    func anItemsPeopleSoundbitesAndNamesAreRead(oldURI: Bool) throws {
        let episode = try #require(try Self.parse(oldURI: oldURI).episodes.first)
        let space = episode.podcast
        #expect(space.people.map(\.name) == ["Vitalik Buterin", "Becky Smith"])
        #expect(space.people.map(\.role) == ["guest", "author"])
        #expect(space.people.map(\.group) == ["cast", "writing"])
        #expect(space.soundbites == [Soundbite(start: 73, duration: 60), Soundbite(start: 1234.5, duration: 42.25, title: "Why the Podcast Namespace Matters")],
                "soundbites without a readable start and a positive duration are left out")
        #expect(space.seasonName == "Race for the Whitehouse 2020")
        #expect(space.episodeName == "Ch.3")
        #expect(episode.season == 3 && episode.episodeNumber == 204, "iTunes numbers are untouched")
        #expect(space.images.map(\.width) == [1500, nil])
        #expect(space.location?.osm == "R148838")
        #expect(space.license == License(name: "my-podcast-license-v1"))
        #expect(space.chat?.protocol == "xmpp")
        #expect(space.social == [SocialInteract(uri: "https://podcastindex.social/web/@dave/108013847520053258", protocol: "activitypub", account: "@dave"),
                                 SocialInteract(uri: nil, protocol: "disabled")])
        #expect(space.valueTypes == ["lightning"])
    }

    @Test(arguments: [false, true])
    func alternateEnclosuresKeepTheirSourcesAndIntegrity(oldURI: Bool) throws {
        let episode = try #require(try Self.parse(oldURI: oldURI).episodes.first)
        let alternates = episode.podcast.alternateEnclosures
        #expect(alternates.count == 2, "one without a type is left out")
        #expect(alternates[0] == AlternateEnclosure(
            type: "audio/mpeg", bitrate: 128_000, length: 43_200_000, title: "Standard", isDefault: true,
            sources: [URL(string: "https://full.example/3.mp3")!, URL(string: "https://mirror.full.example/3.mp3")!]),
            "an ipfs: source cannot be fetched from a feed on the network")
        #expect(alternates[1].sources.map(\.absoluteString) == ["https://full.example/3.opus", "https://full.example/relative/3.opus"])
        #expect(alternates[1].codecs == "opus" && alternates[1].bitrate == 96_000.5)
        #expect(alternates[1].integrity == Integrity(type: "sri", value: "sha384-ExVqijgYHm15PqQqdXfW95x+Rs6C+d6E/ICxyQOeFevnxNLR/wtJNrNYTjIysUBo"))
    }

    @Test func anAlternateEnclosureKeepsOneIntegrityOfEachTypeTheLastOfATypeCounting() throws {
        let document = """
            <rss xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><item><guid>a</guid>
            <podcast:alternateEnclosure type="audio/mpeg"><podcast:source uri="https://a.example/1.mp3"/>
              <podcast:integrity type="SRI" value="sha384-old"/><podcast:integrity type="pgp-signature" value="iQ=="/>
              <podcast:integrity type="sri" value="sha384-new"/><podcast:integrity type="a" value="1"/>
              <podcast:integrity type="b" value="2"/><podcast:integrity type="c" value="3"/>
            </podcast:alternateEnclosure></item></channel></rss>
            """
        let episode = try #require(try FeedParser.parse(Array(document.utf8), baseURL: nil).get().channel.episodes.first)
        let alternate = try #require(episode.podcast.alternateEnclosures.first)
        #expect(alternate.integrity == Integrity(type: "sri", value: "sha384-new"))
        #expect(alternate.integrities.map(\.type) == ["sri", "pgp-signature", "a", "b"], "at most 4 types")
    }

    @Test func anItemPointingToAnotherFeedsItemAndAnOddEpisodeNumber() throws {
        let episode = try #require(try Self.parse(oldURI: false).episodes.last)
        #expect(episode.podcast.remoteItem == RemoteItem(feedGuid: "917393e3-1b1e-5cef-ace4-edaa54e1f810",
                                                         itemGuid: "asdf089j0-ep240-20230510", medium: "music"))
        #expect(episode.podcast.episodeName == "3.5", "a number that is not an integer is kept as its name")
        #expect(episode.episodeNumber == nil, "nor is it the episode's number")
    }

    @Test func theNamespacesNumbersStandInForITunesOnlyWhenItHasNone() throws {
        let document = """
            <rss xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <item><guid>a</guid><podcast:season>2</podcast:season><podcast:episode>7</podcast:episode></item>
            <item><guid>b</guid><itunes:season>1</itunes:season><podcast:season>2</podcast:season></item>
            </channel></rss>
            """
        let episodes = try FeedParser.parse(Array(document.utf8), baseURL: nil).get().channel.episodes
        #expect(episodes.map(\.season) == [2, 1])
        #expect(episodes.first?.episodeNumber == 7)
    }

    @Test func aFeedWithoutTheNamespaceHasEmptyFields() throws {
        let channel = try Fixture.parse("full-itunes.xml").channel
        #expect(channel.podcast.isEmpty)
        #expect(channel.episodes.allSatisfy { $0.podcast.isEmpty })
    }

    @Test func hostileListsAndTextsAreBounded() throws {
        let person = "<podcast:person>" + String(repeating: "n", count: 50_000) + "</podcast:person>"
        let soundbite = "<podcast:soundbite startTime=\"1\" duration=\"2\">x</podcast:soundbite>"
        let source = "<podcast:source uri=\"https://h.example/a.mp3\"/>"
        let remote = "<podcast:remoteItem feedGuid=\"g\"/>"
        let document = """
            <rss xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>H</title>
            \(String(repeating: person, count: 1_000))
            <podcast:podroll>\(String(repeating: remote, count: 5_000))</podcast:podroll>
            \(String(repeating: "<podcast:liveItem status=\"live\"><guid>l</guid></podcast:liveItem>", count: 200))
            <item><guid>1</guid>\(String(repeating: soundbite, count: 1_000))
            \(String(repeating: "<podcast:alternateEnclosure type=\"audio/mpeg\">\(String(repeating: source, count: 100))</podcast:alternateEnclosure>", count: 100))
            </item></channel></rss>
            """
        let channel = try FeedParser.parse(Array(document.utf8), baseURL: URL(string: "https://h.example/feed.xml")).get().channel
        #expect(channel.podcast.people.count == NamespaceLimits.perList)
        #expect(channel.podcast.people[0].name.count == NamespaceLimits.characters)
        #expect(channel.podcast.podroll.count == NamespaceLimits.podroll)
        #expect(channel.podcast.liveItems.count == NamespaceLimits.liveItems)
        let episode = try #require(channel.episodes.first)
        #expect(episode.podcast.soundbites.count == NamespaceLimits.perList)
        #expect(episode.podcast.alternateEnclosures.count == NamespaceLimits.small)
        #expect(episode.podcast.alternateEnclosures.allSatisfy { $0.sources.count == NamespaceLimits.small })
    }
}
