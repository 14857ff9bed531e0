import EarshotMPRIS
import Foundation
import Testing

/// `earshot podcasts`, `episodes`, `add`, `remove`, `set`, `export` against the test double.
@Suite("The library commands, as a client of the daemon")
struct LibraryCommandTests {
    @Test func podcastsPrintsTheLibraryAsATable() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["podcasts"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("#  title        episodes  unplayed  last checked"))
        #expect(lines[2].hasPrefix("2  News Hour           2         2  never         off"))
    }

    @Test func podcastsJSONIsAnArrayWithTheDocumentedKeys() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["podcasts", "--json"])
        #expect(run.status == 0)
        let podcasts = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(podcasts.count == 3)
        #expect(podcasts[0]["title"] as? String == "Daily News")
        #expect(podcasts[0]["auto_queue"] as? Bool == true)
        #expect(podcasts[0]["last_checked"] as? String == "2023-11-14T22:13:20Z")
        #expect(podcasts[1]["last_checked"] == nil, "unknown values are left out")
    }

    @Test func episodesOfAPodcastNamedByPartOfItsTitle() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["episodes", "garden"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Roses in winter"))
        #expect(!run.stdout.contains("briefing"))
        #expect(!run.stdout.contains("podcast"), "one podcast: no podcast column")
        #expect(earshot.library.calls(of: "Episodes").isEmpty, "the table reads the rows only")
        #expect(earshot.library.calls(of: "EpisodeRows").last == [.int64(3), .string("all"), .string("")])
    }

    @Test func episodesUnplayedJSONAsksForUnplayedOnes() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["episodes", "--unplayed", "--json"])
        #expect(run.status == 0)
        let episodes = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(episodes.map { $0["id"] as? Int } == [22, 12, 21, 31])
        #expect(episodes[0]["duration"] == nil)
        #expect(episodes[1]["position"] as? Double == 300)
        #expect(earshot.library.calls(of: "Episodes").last == [.int64(0), .string("unplayed"), .string("")])
    }

    @Test func anAmbiguousPodcastListsTheCandidatesAndFails() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["episodes", "news"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            earshot: “news” matches 2 podcasts; give the number or more of the title:
              1  Daily News
              2  News Hour

            """)
    }

    @Test func aPodcastNothingMatchesSaysSo() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["remove", "jazz"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: no podcast matches “jazz”\n")
        #expect(earshot.library.calls(of: "Unsubscribe").isEmpty)
    }

    @Test func aPodcastNumberNotInTheLibraryIsNamed() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["remove", "12"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: no podcast 12\n")
    }

    @Test func removeUnsubscribesTheNamedPodcast() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["remove", "garden", "--delete-files"])
        #expect(run.status == 0)
        #expect(run.stdout == "Unsubscribed from “Garden Talk”.\n")
        #expect(earshot.library.calls(of: "Unsubscribe") == [[.int64(3), .boolean(true)]])
    }

    @Test func addSubscribesWithAutoQueueAndPrintsTitleAndEpisodeCount() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["add", "https://new.example.com/feed.xml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Subscribed to “Show 4”: 12 episodes\n")
        #expect(earshot.library.calls(of: "Subscribe") == [[.stringArray(["https://new.example.com/feed.xml"]), .boolean(true)]])
    }

    @Test func aFeedThatFailsIsOneLineWithItsURLAndCauseAndTheOthersAreSubscribed() throws {
        let library = FakeLibrary()
        library.feedFailures = ["broken": "could not reach the feed: broken.example refused the connection"]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["add", "https://broken.example/feed.xml", "https://ok.example/rss"])
        #expect(run.status == 1)
        #expect(run.stdout == "Subscribed to “Show 4”: 12 episodes\n")
        #expect(run.stderr == "earshot: https://broken.example/feed.xml: could not reach the feed: broken.example refused the connection\n")
    }

    @Test func feedUnavailableFromTheDaemonIsItsMessage() throws {
        let library = FakeLibrary()
        library.failures["Subscribe"] = BusError(name: "org.earshot.Error.FeedUnavailable", message: "https://x.example/: not a readable feed: the document is HTML")
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["add", "https://x.example/"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: https://x.example/: not a readable feed: the document is HTML\n")
    }

    @Test func addRefusesWhatIsNeitherAURLNorAFileBeforeCallingTheDaemon() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["add", "no-such-file"])
        #expect(run.status == 64)
        #expect(run.stderr == "earshot: “no-such-file” is neither a URL nor an existing file (see earshot --help)\n")
        #expect(earshot.library.calls.isEmpty)
    }

    @Test func setTurnsAutoQueueOffForTheNamedPodcast() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["set", "daily", "auto-queue", "off"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "auto-queue is off for “Daily News”.\n")
        #expect(earshot.library.calls(of: "Set") == [[.int64(1), .string("auto-queue"), .variant(.boolean(false))]])
    }

    @Test func anUnknownSettingIsTheDaemonsOneLineError() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["set", "1", "volume", "on"])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func setAllChangesTheDefaultOfEveryPodcast() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["set", "all", "auto-queue", "on"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Set") == [[.int64(0), .string("auto-queue"), .variant(.boolean(true))]])
    }

    @Test func exportWritesTheDaemonsOPMLToStandardOutputOrAFile() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["export"])
        #expect(run.status == 0)
        #expect(run.stdout == earshot.library.opml)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-export-\(UUID().uuidString).opml")
        defer { try? FileManager.default.removeItem(at: file) }
        let toFile = try earshot.run(["export", file.path])
        #expect(toFile.status == 0)
        #expect(toFile.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == earshot.library.opml)
    }
}
