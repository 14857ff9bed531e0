import EarshotMPRIS
import Foundation
import Testing

/// `earshot play`, `queue …` and `status` against the test double.
@Suite("The listening commands, as a client of the daemon")
struct ListeningCommandTests {
    @Test func playByNumberPlaysThatEpisodeAndSaysWhatPlays() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "21"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Play") == [[.int64(21)]])
        #expect(run.stdout == "▶ Playing  0:00 / 58:20  The interview — News Hour\n")
    }

    @Test func playByTitleLooksAmongEpisodesFirst() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "roses"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Play") == [[.int64(31)]])
        #expect(earshot.library.calls(of: "NameEpisode").last == [.string("roses"), .string("all"), .uint32(10)])
    }

    @Test func playFallsBackToAPodcastWhenNoEpisodeMatches() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "garden talk"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Play").isEmpty)
        #expect(earshot.library.calls(of: "PlayPodcast") == [[.int64(3)]])
    }

    @Test func playPodcastForcesAPodcastEvenForANumber() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "--podcast", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "PlayPodcast") == [[.int64(1)]])
    }

    @Test func anAmbiguousEpisodeListsNumbersTitlesAndPodcasts() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "briefing"])
        #expect(run.status == 1)
        #expect(run.stderr == """
            earshot: “briefing” matches 2 episodes; give the number or more of the title:
              12  Tuesday briefing — Daily News
              11  Monday briefing — Daily News

            """)
        #expect(earshot.library.calls(of: "Play").isEmpty)
    }

    @Test func aCommonWordIsCountedByTheDaemonNeverListedWhole() throws {
        let news = (1...300).map { FakeLibrary.Episode(id: Int64(1_000 + $0), podcast: 1, title: "News \($0)", released: 1_700_000_000 + Int64($0)) }
        let earshot = try FakeEarshot(library: FakeLibrary(episodes: news))
        let run = try earshot.run(["play", "news"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("earshot: “news” matches 300 episodes; give the number or more of the title:\n  1300  News 300"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("  1291  News 291 — Daily News\n  … and 290 more\n"), "\(run.stderr)")
        #expect(earshot.library.calls(of: "Episodes").isEmpty && earshot.library.calls(of: "EpisodeRows").isEmpty, "the CLI asked for every match")

        let exact = try earshot.run(["play", "NEWS 30"])
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(earshot.library.calls(of: "Play") == [[.int64(1_030)]], "the whole title names one of the eleven that contain it")
    }

    @Test func anEpisodeNumberTheDaemonDoesNotKnowIsNamed() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["play", "99"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: no episode 99\n")
    }

    @Test func queueAddPutsEpisodesAtAPlaceAndShowsUpNext() throws {
        let library = FakeLibrary()
        library.queue = [31]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["queue", "add", "interview special", "12", "--at", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(library.calls(of: "QueueAdd") == [[.array(elementSignature: "x", [.int64(22), .int64(12)]), .uint32(1)]])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("1.  22       ?  News Hour    Interview special"))
        #expect(lines[3].hasSuffix("Roses in winter"))
    }

    @Test func queueRemoveLooksForTitlesAmongQueuedEpisodesOnly() throws {
        let library = FakeLibrary()
        library.queue = [12, 21]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["queue", "remove", "briefing"])  // two episodes match, one is queued
        #expect(run.status == 0, "\(run.stderr)")
        #expect(library.calls(of: "QueueRemove") == [[.array(elementSignature: "x", [.int64(12)])]])
        #expect(library.queue == [21])
    }

    @Test func queueMoveAndClear() throws {
        let library = FakeLibrary()
        library.queue = [12, 21, 31]
        let earshot = try FakeEarshot(library: library)
        #expect(try earshot.run(["queue", "move", "31", "1"]).status == 0)
        #expect(library.queue == [31, 12, 21])
        let cleared = try earshot.run(["queue", "clear"])
        #expect(cleared.status == 0)
        #expect(cleared.stdout == "Up Next is empty.\n")
        #expect(library.queue.isEmpty)
    }

    @Test func queueMoveToPlaceZeroIsAUsageError() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["queue", "move", "12", "0"])
        #expect(run.status == 64)
        #expect(earshot.library.calls.isEmpty)
    }

    @Test func queueListsUpNextAsJSON() throws {
        let library = FakeLibrary()
        library.queue = [21, 12]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["queue", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let queue = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(queue.map { $0["id"] as? Int } == [21, 12])
        #expect(queue.map { $0["queue_position"] as? Int } == [1, 2])
    }

    @Test func statusShowsWhatPlaysWhereAndTheNextThree() throws {
        let library = FakeLibrary()
        library.playing = 21
        library.playbackStatus = "Playing"
        library.position = 723
        library.queue = [12, 31, 22, 11]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["status"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            ▶ Playing  12:03 / 58:20  The interview — News Hour
            Up next:
              1. Tuesday briefing — Daily News  (21:00)
              2. Roses in winter — Garden Talk  (40:00)
              3. Interview special — News Hour  (?)

            """)
        let json = try earshot.run(["status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "Playing")
        #expect(object["position"] as? Double == 723)
        #expect((object["episode"] as? [String: Any])?["id"] as? Int == 21)
        #expect((object["podcast"] as? [String: Any])?["title"] as? String == "News Hour")
        #expect((object["up_next"] as? [Any])?.count == 3)
    }
}
