import EarshotTestSupport
import Foundation
import Testing

/// MPRIS Playlists on the real daemon, read as Xfce's panel and Ayatana's indicator read them: Up Next
/// first, then every podcast; the spec's orderings; ActivatePlaylist plays; ActivePlaylist follows.
@Suite("earshot serve: MPRIS Playlists", .serialized)
struct PlaylistsTests {
    static let object = ["--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/mpris/MediaPlayer2"]

    /// `gdbus call` against the harness's bus; its output, trimmed.
    @discardableResult
    static func call(_ h: DaemonHarness, _ method: String, _ arguments: String...) throws -> String {
        let run = try Subprocess.run(["gdbus", "call", "--session"] + object + ["--method", method] + arguments,
                                     busAddress: h.bus.address, context: h.context)
        guard run.status == 0 else { throw TestFailure("\(method) failed: \(run.stderr)") }
        return run.trimmed
    }

    /// A second show on the audio server, subscribed through org.earshot.Earshot1.
    static func addSecondShow(_ h: DaemonHarness) throws {
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Another Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>other-")
        h.server.serve("/other.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        let reply = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
             "--method", "org.earshot.Earshot1.Subscribe", "['\(h.server.url("/other.xml").absoluteString)']", "true"],
            busAddress: h.bus.address, context: h.context)
        guard reply.status == 0, reply.stdout.contains("Another Show") else { throw TestFailure("Subscribe: \(reply.stdout) \(reply.stderr)") }
    }

    /// The playlist id of the second show.
    static func anotherShowPlaylist(_ h: DaemonHarness) throws -> String {
        let playlists = try call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "User", "false")
        return try #require(playlists.components(separatedBy: "'").first {
            $0.hasPrefix("/org/earshot/playlist/podcast/") && playlists.contains("\($0)', 'Another Show'")
        })
    }

    /// Puts the first show's middle episode at the head of Up Next, through org.earshot.Earshot1.
    static func queueMiddleEpisode(_ h: DaemonHarness) throws {
        let listing = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                          "/org/earshot/Earshot", "--method", "org.earshot.Earshot1.Episodes", "0", "all", "Middle"],
                                         busAddress: h.bus.address, context: h.context)
        let id = try #require(listing.stdout.components(separatedBy: "'id': <int64 ").dropFirst().first?.prefix { $0.isNumber })
        _ = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                "/org/earshot/Earshot", "--method", "org.earshot.Earshot1.QueueAdd", "[int64 \(id)]", "0"],
                               busAddress: h.bus.address, context: h.context)
    }

    @Test func upNextComesFirstThenTheInboxThenEveryPodcastInEachOrdering() throws {
        let h = try DaemonHarness()
        try Self.addSecondShow(h)
        let user = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "User", "false")
        #expect(user.contains("'/org/earshot/playlist/upnext', 'Up Next'"), "\(user)")
        let upNext = try #require(user.range(of: "Up Next")), inbox = try #require(user.range(of: "'/org/earshot/playlist/inbox', 'Inbox'")),
            daemon = try #require(user.range(of: "Daemon Show")), another = try #require(user.range(of: "Another Show"))
        #expect(upNext.lowerBound < inbox.lowerBound && inbox.lowerBound < daemon.lowerBound && daemon.lowerBound < another.lowerBound,
                "in the order added: \(user)")
        let alphabetical = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "Alphabetical", "true")
        let a = try #require(alphabetical.range(of: "Another Show")), d = try #require(alphabetical.range(of: "Daemon Show"))
        #expect(d.lowerBound < a.lowerBound, "reversed alphabetical: \(alphabetical)")
        let page = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "2", "1", "User", "false")
        #expect(page.contains("Daemon Show") && !page.contains("Up Next") && !page.contains("Another Show"), "\(page)")
        let count = try Self.call(h, "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Playlists", "PlaylistCount")
        #expect(count == "(<uint32 4>,)")
        #expect(h.terminate() == 0)
    }

    @Test func activatingAPodcastPlaysItAndMakesItTheActivePlaylist() throws {
        let h = try DaemonHarness()
        try Self.addSecondShow(h)
        let playlists = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "10", "User", "false")
        let id = try #require(playlists.components(separatedBy: "'").first { $0.hasPrefix("/org/earshot/playlist/podcast/") && playlists.contains("\($0)', 'Another Show'") })
        try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", id)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(try h.ask("metadata", "xesam:album") == "Another Show")
        #expect(try h.ask("metadata", "xesam:title") == "Oldest episode", "nothing started: its oldest episode")
        let active = try Self.call(h, "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Playlists", "ActivePlaylist")
        #expect(active.contains("true") && active.contains("Another Show"), "\(active)")
        #expect(throws: TestFailure.self) { try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", "/org/earshot/playlist/podcast/999") }
        #expect(h.terminate() == 0)
    }

    @Test func activatingUpNextPlaysItsFirstEpisode() throws {
        let h = try DaemonHarness()
        let listing = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
             "--method", "org.earshot.Earshot1.Episodes", "0", "all", "Middle"], busAddress: h.bus.address, context: h.context)
        let id = try #require(listing.stdout.components(separatedBy: "'id': <int64 ").dropFirst().first?.prefix { $0.isNumber })
        try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
                            "--method", "org.earshot.Earshot1.QueueAdd", "[int64 \(id)]", "0"], busAddress: h.bus.address, context: h.context)
        try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", "/org/earshot/playlist/upnext")
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Middle episode" } == "Middle episode")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.terminate() == 0)
    }
}

extension PlaylistsTests {
    /// Xfce's panel asks once, when it connects, for the five most recently played playlists: Up Next that
    /// holds episodes is what the listener means to play next, so it comes first even before it played.
    @Test func upNextThatHoldsEpisodesRanksFirstAmongTheMostRecentlyPlayedBeforeItPlayed() throws {
        let h = try DaemonHarness()
        try Self.addSecondShow(h)
        try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", try Self.anotherShowPlaylist(h))
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let emptyFirst = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "1", "Played", "true")
        #expect(!emptyFirst.contains("'Up Next'"), "an empty Up Next does not rank first: \(emptyFirst)")
        try Self.queueMiddleEpisode(h)
        let first = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "1", "Played", "true")
        #expect(first.contains("'Up Next'"), "Up Next holds an episode, so it ranks first: \(first)")
        #expect(h.terminate() == 0)
    }

    @Test func upNextIsAmongTheMostRecentlyPlayedOnceAnEpisodeFromItPlayedAsXfceAsksForThem() throws {
        let h = try DaemonHarness()
        try Self.addSecondShow(h)
        try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", try Self.anotherShowPlaylist(h))
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        try Self.queueMiddleEpisode(h)
        try Self.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", "/org/earshot/playlist/upnext")
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Middle episode" } == "Middle episode")
        let recent = try Self.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "2", "Played", "true")
        #expect(recent.contains("'Up Next'"), "Up Next played last, so it is among the two most recent: \(recent)")
        #expect(h.terminate() == 0)
    }

    @Test func aPodcastRenamedByARefreshIsAnnouncedOnceAndAnUnchangedOneSaysNothing() throws {
        let h = try DaemonHarness()
        try Self.addSecondShow(h)
        let capture = h.stateDirectory + "/playlists-monitor.txt"
        let fd = open(capture, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let monitor = try ChildProcess(["dbus-monitor", "--session", "type='signal',interface='org.mpris.MediaPlayer2.Playlists'"],
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": h.bus.address], stdout: fd)
        close(fd)
        var captured: String { (try? String(contentsOfFile: capture, encoding: .utf8)) ?? "" }
        // dbus-monitor says NameLost once it has become a monitor: from then on it sees every signal.
        for _ in 0..<100 where !captured.contains("member=NameLost") { usleep(50_000) }
        try #require(captured.contains("member=NameLost"), "dbus-monitor never started listening")

        let renamed = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Renamed Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>other-")
        h.server.serve("/other.xml", body: Array(renamed.utf8), contentType: "application/rss+xml")
        let refresh = ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
                       "--method", "org.earshot.Earshot1.Refresh", "@ax []"]
        #expect(try Subprocess.run(refresh, busAddress: h.bus.address, context: h.context).status == 0)
        for _ in 0..<100 where !captured.contains("Renamed Show") { usleep(50_000) }
        #expect(try Subprocess.run(refresh, busAddress: h.bus.address, context: h.context).status == 0, "the same feed again")
        usleep(500_000)
        monitor.signal(SIGTERM)
        _ = monitor.wait()
        let changes = captured.components(separatedBy: "\nsignal ").filter { $0.contains("member=PlaylistChanged") }
        #expect(changes.count == 1, "one PlaylistChanged, for the renamed podcast only: \(captured)")
        #expect(changes.first?.contains("Renamed Show") == true)
        #expect(h.terminate() == 0)
    }
}
