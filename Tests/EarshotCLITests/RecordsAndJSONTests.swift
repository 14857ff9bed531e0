import EarshotMPRIS
import Foundation
import Testing
@testable import earshot

@Suite("Reading the daemon's dictionaries and printing them as JSON")
struct RecordsAndJSONTests {
    let episodeEntry = DBusValue.vardict([
        ("id", .int64(12)), ("podcast", .int64(1)), ("podcast_title", .string("Daily News")), ("title", .string("Tuesday")),
        ("released", .int64(1_700_086_400)), ("duration", .double(1260)), ("position", .double(300.5)),
        ("completed", .boolean(false)), ("queue_position", .uint32(2)), ("current", .boolean(true)),
        ("some_future_key", .string("ignored")),
    ])

    @Test func anEpisodeDictionaryIsReadWithItsTypes() throws {
        let episode = try #require(Vardict(episodeEntry).flatMap(EpisodeRecord.init))
        #expect(episode.id == 12)
        #expect(episode.podcastTitle == "Daily News")
        #expect(episode.released == Date(timeIntervalSince1970: 1_700_086_400))
        #expect(episode.duration == 1260)
        #expect(episode.queuePosition == 2)
        #expect(episode.url == nil)
    }

    @Test func jsonWritesControlAndBidiCharactersAsEscapesAndDecodesToTheExactText() throws {
        let title = "A \u{1B}]0;x\u{7} \u{9B}2J \u{202E}y\u{2069} \u{7F} Café"
        let json = try JSONOutput.render(["title": title])
        #expect(json.unicodeScalars.allSatisfy { $0 == "\n" || !(($0.value < 0x20) || (0x7F...0x9F).contains($0.value)
                                                                  || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)) })
        #expect(json.contains(#"\u009b2J \u202ey\u2069 \u007f Café"#), "\(json)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)) == ["title": title])
    }

    @Test func aDictionaryWithoutAnIdIsLeftOut() {
        #expect(Vardict(.vardict([("title", .string("x"))])).flatMap(EpisodeRecord.init) == nil)
        #expect(Vardict(.stringArray(["x"])) == nil, "not an a{sv}")
    }

    @Test func episodeJSONUsesTheDocumentedSnakeCaseKeysISODatesAndSeconds() throws {
        let episode = try #require(Vardict(episodeEntry).flatMap(EpisodeRecord.init))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONOutput.render([episode]).utf8)) as? [[String: Any]])
        #expect(Set(object[0].keys) == ["id", "podcast", "podcast_title", "title", "released", "duration", "position",
                                        "completed", "queue_position", "current"], "unknown values are left out")
        #expect(object[0]["released"] as? String == "2023-11-15T22:13:20Z")
        #expect(object[0]["position"] as? Double == 300.5)
    }

    @Test func podcastJSONUsesTheDocumentedKeys() throws {
        let podcast = PodcastRecord(id: 1, url: "https://example.com/feed.xml", title: "Daily News", episodes: 10, unplayed: 2,
                                    lastChecked: Date(timeIntervalSince1970: 0), autoQueue: false)
        let text = try JSONOutput.render(podcast)
        #expect(text == """
            {
              "auto_queue" : false,
              "episodes" : 10,
              "id" : 1,
              "last_checked" : "1970-01-01T00:00:00Z",
              "title" : "Daily News",
              "unplayed" : 2,
              "url" : "https://example.com/feed.xml"
            }
            """)
    }

    @Test func statusReadsNestedDictionariesAndUpNext() throws {
        let entry = try #require(Vardict(.vardict([
            ("status", .string("Playing")), ("position", .double(723)), ("rate", .double(1)),
            ("episode", episodeEntry), ("podcast", .vardict([("id", .int64(1)), ("title", .string("Daily News"))])),
            ("up_next", .array(elementSignature: "a{sv}", [episodeEntry])),
        ])))
        let status = StatusRecord(entry)
        #expect(status.status == "Playing")
        #expect(status.episode?.id == 12)
        #expect(status.podcast?.title == "Daily News")
        #expect(status.upNext.count == 1)
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(JSONOutput.render(status).utf8)) as? [String: Any]).keys
        #expect(Set(keys) == ["status", "position", "rate", "episode", "podcast", "up_next"])
    }

    @Test func aFeedResultWithAnErrorIsAFailureNamingItsURL() throws {
        let result = FeedResult(try #require(Vardict(.vardict([
            ("url", .string("https://example.com/x.xml")), ("error", .string("could not reach the feed: refused")),
        ]))))
        #expect(result.failed)
        #expect(FeedResultText.failure(result) == "https://example.com/x.xml: could not reach the feed: refused")
        let named = FeedResult(url: "https://a/", error: "https://a/: not a feed")
        #expect(FeedResultText.failure(named) == "https://a/: not a feed", "a cause naming the URL is not prefixed twice")
    }

    @Test func theStatusLineShowsWhereTheEpisodeIsAndWhatComesNext() throws {
        let status = StatusRecord(
            status: "Playing", position: 723, rate: 1,
            episode: EpisodeRecord(id: 12, title: "Episode title", duration: 3500), podcast: PodcastRecord(id: 1, title: "Podcast"),
            upNext: [EpisodeRecord(id: 13, podcastTitle: "Other", title: "Next one", duration: 600),
                     EpisodeRecord(id: 14, podcastTitle: "Other", title: "Then this"),
                     EpisodeRecord(id: 15, title: "Third"), EpisodeRecord(id: 16, title: "Fourth")])
        #expect(StatusText.render(status, width: nil) == """
            ▶ Playing  12:03 / 58:20  Episode title — Podcast
            Up next:
              1. Next one — Other  (10:00)
              2. Then this — Other  (?)
              3. Third  (?)
            """)
        let stopped = StatusRecord(status: "Stopped", upNext: [])
        #expect(StatusText.render(stopped, width: 80) == "■ Stopped  (nothing selected)")
    }
}
