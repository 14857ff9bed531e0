import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Marks, stars, the inbox, the history and the statistics on the real daemon, through the `earshot`
/// command line, playerctl and gdbus, as a listener would use them.
@Suite("earshot mark/star/inbox/history/stats against the daemon", .serialized)
struct LibraryCareDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    private func json(_ output: Subprocess.Output) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    }

    /// The number `earshot episodes` gives the episode titled `title`.
    private func number(_ h: DaemonHarness, _ title: String) throws -> String {
        let episodes = try #require(try json(earshot(h, "episodes", "--json")) as? [[String: Any]])
        let id = try #require(episodes.first { $0["title"] as? String == title }?["id"] as? Int, "no episode \(title)")
        return String(id)
    }

    @Test func markingThePlayingEpisodePlayedMovesOnAndTheListsFollow() throws {
        let h = try DaemonHarness()
        try h.playerctl("previous")
        #expect(try h.ask("metadata", "xesam:title") == "Middle episode")
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let middle = try number(h, "Middle episode")
        let marked = try earshot(h, "mark", "played", middle)
        #expect(marked.status == 0 && marked.stdout == "Marked 1 episode played.\n", "\(marked.stdout)\(marked.stderr)")
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Newest episode" } == "Newest episode")
        #expect(try h.ask("status") == "Playing")
        let played = try earshot(h, "episodes", "--played")
        #expect(played.stdout.contains("Middle episode") && !played.stdout.contains("Oldest episode"), "\(played.stdout)")
        #expect(try earshot(h, "mark", "unplayed", middle).status == 0)
        #expect(!(try earshot(h, "episodes", "--played").stdout.contains("Middle episode")))
        let backlog = try earshot(h, "mark", "played", "daemon", "--all")
        #expect(backlog.stdout == "Marked 4 episodes of “Daemon Show” played.\n", "\(backlog.stdout)\(backlog.stderr)")
        #expect(try earshot(h, "episodes", "--unplayed").stdout == "No episodes.\n")
        #expect(h.terminate() == 0)
    }

    @Test func markingAPodcastOlderThanADateBefore1970MarksNothingAndKeepsEveryPlace() throws {
        let h = try DaemonHarness()
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        usleep(1_500_000)
        try h.playerctl("pause")
        #expect(try h.wait(for: "status") { $0 == "Paused" } == "Paused")
        let place = try h.ask("position")
        for when in ["1969-06-01T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "1900-01-01"] {
            let unplayed = try earshot(h, "mark", "unplayed", "daemon", "--older-than", when)
            #expect(unplayed.stdout == "Marked 0 episodes of “Daemon Show” unplayed.\n", "\(when): \(unplayed.stdout)\(unplayed.stderr)")
            let played = try earshot(h, "mark", "played", "daemon", "--older-than", when)
            #expect(played.stdout == "Marked 0 episodes of “Daemon Show” played.\n", "\(when): \(played.stdout)\(played.stderr)")
        }
        #expect(try h.ask("position") == place, "the saved place is kept")
        #expect(try earshot(h, "episodes", "--played").stdout == "No episodes.\n")
        #expect(h.terminate() == 0)
    }

    @Test func starringTheSameEpisodeTwiceCountsItOnce() throws {
        let h = try DaemonHarness()
        let oldest = try number(h, "Oldest episode")
        let starred = try earshot(h, "star", oldest, oldest, oldest, oldest)
        #expect(starred.stdout == "Starred 1 episode.\n", "\(starred.stdout)\(starred.stderr)")
        #expect(try earshot(h, "unstar", oldest, oldest).stdout == "Unstarred 1 episode.\n")
        #expect(h.terminate() == 0)
    }

    @Test func starsAreListedAndShownInTheTable() throws {
        let h = try DaemonHarness()
        let oldest = try number(h, "Oldest episode")
        #expect(try earshot(h, "star", oldest).stdout == "Starred 1 episode.\n")
        let starred = try earshot(h, "episodes", "--starred")
        #expect(starred.stdout.contains("★ Oldest episode") && !starred.stdout.contains("Newest"), "\(starred.stdout)")
        #expect(try earshot(h, "unstar", oldest).status == 0)
        #expect(try earshot(h, "episodes", "--starred").stdout == "No episodes.\n")
        #expect(h.terminate() == 0)
    }

    @Test func aRefreshsNewEpisodeWaitsInTheInboxUntilQueuedAndTheInboxIsAPlaylist() throws {
        let h = try DaemonHarness()
        #expect(try earshot(h, "inbox").stdout == "The inbox is empty.\n", "subscribing brings no news")
        #expect(try earshot(h, "set", "daemon", "auto-queue", "off").status == 0)
        let extra = """
            <item><guid>ep-fresh</guid><title>Fresh episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
            """
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: extra))
        #expect(try earshot(h, "refresh").status == 0)
        let inbox = try earshot(h, "inbox")
        #expect(inbox.stdout.contains("Fresh episode") && !inbox.stdout.contains("Newest episode"), "\(inbox.stdout)\(inbox.stderr)")
        let listed = try #require(try json(earshot(h, "inbox", "--json")) as? [[String: Any]])
        #expect(listed.map { $0["title"] as? String } == ["Fresh episode"])
        let playlists = try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "User", "false")
        #expect(playlists.contains("'/org/earshot/playlist/inbox', 'Inbox'"), "\(playlists)")
        let queued = try earshot(h, "inbox", "queue", "fresh")
        #expect(queued.status == 0 && queued.stdout.contains("Fresh episode"), "the queue is shown: \(queued.stdout)\(queued.stderr)")
        #expect(try earshot(h, "inbox").stdout == "The inbox is empty.\n")
        let none = try earshot(h, "inbox", "dismiss", "--all")
        #expect(none.stdout == "Dismissed 0 episodes.\n")
        #expect(h.terminate() == 0)
    }

    @Test func listeningIsInTheHistoryAfterAKillAndTheStatsAddItUp() throws {
        let h = try DaemonHarness()
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        usleep(6_500_000)  // past the first 5-second save
        h.kill9()
        try h.start(["--feed", h.feedURL.absoluteString])
        let history = try #require(try json(earshot(h, "history", "--json")) as? [[String: Any]])
        let row = try #require(history.first)
        #expect(row["title"] as? String == "Newest episode" && row["podcast_title"] as? String == "Daemon Show")
        let audio = try #require(row["audio"] as? Double)
        #expect(audio >= 4.5 && audio <= 7, "saved within the 5-second rule: \(audio)")
        #expect(row["device"] as? String != nil && row["finished"] as? Bool == false)
        let stats = try #require(try json(earshot(h, "stats", "--json")) as? [String: Any])
        let all = try #require(stats["all"] as? [String: Any])
        #expect(all["sessions"] as? Int == 1)
        #expect(abs((all["audio"] as? Double ?? 0) - audio) < 0.001)
        let text = try earshot(h, "stats")
        #expect(text.stdout.contains("Daemon Show") && text.stdout.contains("in 1 sitting;"), "\(text.stdout)")
        #expect(try earshot(h, "history", "--since", "2099-01-01").stdout == "Nothing heard yet.\n")
        #expect(h.terminate() == 0)
    }

    @Test func finishingAnEpisodeCountsAUseInTheMetadata() throws {
        let h = try DaemonHarness()
        try h.playerctl("previous")
        try h.playerctl("play")  // the 3-second middle episode, to its end
        #expect(try h.wait(for: "metadata", "xesam:title", seconds: 10) { $0 == "Newest episode" } == "Newest episode")
        try h.playerctl("previous")
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Middle episode" } == "Middle episode")
        #expect(try h.ask("metadata", "xesam:useCount") == "1")
        #expect(try h.ask("metadata", "xesam:lastUsed").hasPrefix("20"))
        #expect(h.terminate() == 0)
    }

    @Test func badArgumentsAreOneLineAndAnErrorStatus() throws {
        let h = try DaemonHarness()
        for arguments in [["mark", "played"], ["mark", "played", "1", "2", "--all"], ["history", "--since", "someday"],
                          ["inbox", "dismiss"], ["mark", "played", "999"], ["star", "nothing like this"]] {
            let run = try EarshotProcess.run(arguments, environment: h.environment)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(h.terminate() == 0)
    }
}
