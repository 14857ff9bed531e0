import EarshotMPRIS
import Foundation
import Testing

/// `earshot support`, `details`, `episodes --person`, `play --soundbite`, `recommended`, `live` against
/// the test double, which answers the namespace's methods with dictionaries shaped as the XML says.
@Suite("The Podcasting 2.0 commands, as a client of the daemon")
struct NamespaceCommandTests {
    static let details = DBusValue.vardict([
        ("id", .int64(31)), ("podcast", .int64(3)), ("title", .string("Roses in winter")),
        ("season", .int64(3)), ("season_name", .string("Race for the Whitehouse 2020")), ("episode_name", .string("Ch.3")),
        ("people", .array(elementSignature: "a{sv}", [
            .vardict([("name", .string("Vitalik Buterin")), ("role", .string("guest")), ("group", .string("cast"))]),
            .vardict([("name", .string("Adam Curry")), ("role", .string("host")), ("group", .string("cast"))]),
        ])),
        ("soundbites", .array(elementSignature: "a{sv}", [
            .vardict([("start", .double(73)), ("duration", .double(60))]),
            .vardict([("start", .double(1234.5)), ("duration", .double(42.25)), ("title", .string("Why it matters"))]),
        ])),
        ("alternates", .array(elementSignature: "a{sv}", [])),
        ("value", .array(elementSignature: "s", [.string("lightning")])),
    ])

    @Test func supportListsEachPodcastsLinksWithWhatTheySay() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["Support"] = [.array(elementSignature: "a{sv}", [
            .vardict([("podcast", .int64(1)), ("podcast_title", .string("Daily News")), ("url", .string("https://news.example/give")),
                      ("text", .string("Support the show!"))]),
            .vardict([("podcast", .int64(1)), ("podcast_title", .string("Daily News")), ("url", .string("https://patreon.example/news"))]),
        ])]
        let run = try earshot.run(["support"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Daily News\n  Support the show!: https://news.example/give\n  https://patreon.example/news\n")
        #expect(earshot.library.calls(of: "Support") == [[.int64(0)]])
    }

    @Test func supportSaysSoWhenNoPodcastListsALink() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["Support"] = [.array(elementSignature: "a{sv}", [])]
        let run = try earshot.run(["support"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("No podcast of the library lists a way to support it"))
    }

    @Test func detailsShowsNamesPeopleAndNumberedSoundbites() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["EpisodeDetails"] = [Self.details]
        let run = try earshot.run(["details", "31"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Season 3: Race for the Whitehouse 2020 · Episode Ch.3"))
        #expect(run.stdout.contains("With Vitalik Buterin (guest), Adam Curry"))
        #expect(run.stdout.contains("  2. 20:34 for 0:42  Why it matters"))
        #expect(run.stdout.contains("Accepts payments (lightning); Earshot does not make them"))
    }

    @Test func playSoundbitePlaysTheEpisodeFromTheSoundbitesStart() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["EpisodeDetails"] = [Self.details]
        let run = try earshot.run(["play", "31", "--soundbite", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "PlayFrom") == [[.int64(31), .double(1234.5)]])
    }

    @Test func aSoundbiteTheEpisodeDoesNotHaveIsOneLineOnStandardError() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["EpisodeDetails"] = [Self.details]
        let run = try earshot.run(["play", "31", "--soundbite", "3"])
        #expect(run.status != 0)
        #expect(run.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        #expect(run.stderr.contains("episode 31 has soundbites 1 to 2, not 3"))
        #expect(earshot.library.calls(of: "PlayFrom").isEmpty)
        let zero = try earshot.run(["play", "31", "--soundbite", "0"])
        #expect(zero.status != 0 && zero.stderr.contains("--soundbite takes a soundbite's number"))
    }

    @Test func episodesWithAPersonCarryTheirPeopleInJSON() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["EpisodesWithPerson"] = [.array(elementSignature: "a{sv}", [
            .vardict([("id", .int64(31)), ("podcast", .int64(3)), ("title", .string("Roses in winter")),
                      ("people", .array(elementSignature: "a{sv}", [.vardict([("name", .string("Vitalik Buterin")), ("role", .string("guest"))])]))]),
        ])]
        let run = try earshot.run(["episodes", "--person", "vitalik", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let episodes = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(episodes.first?["people"] as? [String] == ["Vitalik Buterin (guest)"])
        #expect(earshot.library.calls(of: "EpisodesWithPerson") == [[.string("vitalik")]])
        let mixed = try earshot.run(["episodes", "garden", "--person", "vitalik"])
        #expect(mixed.status != 0 && mixed.stderr.contains("--person lists every episode with the person"))
    }

    @Test func recommendedShowsAreNumberedWithTheirFeeds() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["Recommended"] = [.array(elementSignature: "a{sv}", [
            .vardict([("number", .uint32(1)), ("feed_guid", .string("396d9ec6")), ("feed_url", .string("https://other.example/feed.xml")),
                      ("from", .int64(1)), ("from_title", .string("Daily News"))]),
            .vardict([("feed_guid", .string("917393e3")), ("from", .int64(1)), ("from_title", .string("Daily News")), ("subscribed", .int64(2))]),
        ])]
        let run = try earshot.run(["recommended"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            1. https://other.example/feed.xml, recommended by Daily News
            - podcast:guid 917393e3 (no feed address given), recommended by Daily News (in your library: podcast 2)
            earshot add N subscribes to show N (for the next hour).

            """)
    }
}
