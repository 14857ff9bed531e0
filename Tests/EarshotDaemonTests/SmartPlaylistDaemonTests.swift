import EarshotTestSupport
import Foundation
import Testing

/// Smart playlists on the real daemon: made through org.earshot.Earshot1, offered as MPRIS playlists
/// after Up Next and the inbox, played through ActivatePlaylist, and announced only when their episodes
/// change.
@Suite("earshot serve: smart playlists", .serialized)
struct SmartPlaylistDaemonTests {
    static func earshot(_ h: DaemonHarness, _ method: String, _ arguments: String...) throws -> String {
        let run = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                      "/org/earshot/Earshot", "--method", "org.earshot.Earshot1." + method] + arguments,
                                     busAddress: h.bus.address, context: h.context)
        guard run.status == 0 else { throw TestFailure("\(method) failed: \(run.stderr)") }
        return run.trimmed
    }

    /// The id of the episode whose title has `text`.
    static func episode(_ h: DaemonHarness, _ text: String) throws -> String {
        let listing = try earshot(h, "Episodes", "0", "all", text)
        return String(try #require(listing.components(separatedBy: "'id': <int64 ").dropFirst().first?.prefix { $0.isNumber }))
    }

    @Test func aSmartPlaylistComesAfterTheInboxAndActivatingItPlaysItsEpisodesInOrderThroughUpNext() throws {
        let h = try DaemonHarness()
        let saved = try Self.earshot(h, "SaveSmartPlaylist", "Oldest first", "['--title', 'episode', '--order', 'oldest']", "false")
        #expect(saved.contains("'episodes': <uint32 3>"), "three episodes have audio and 'episode' in the title: \(saved)")
        let playlists = try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "5", "User", "false")
        let inbox = try #require(playlists.range(of: "'Inbox'")), smart = try #require(playlists.range(of: "'Oldest first'")),
            show = try #require(playlists.range(of: "'Daemon Show'"))
        #expect(inbox.lowerBound < smart.lowerBound && smart.lowerBound < show.lowerBound, "\(playlists)")
        let count = try PlaylistsTests.call(h, "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Playlists", "PlaylistCount")
        #expect(count == "(<uint32 4>,)")
        let id = try #require(playlists.components(separatedBy: "'").first { $0.hasPrefix("/org/earshot/playlist/smart/") })
        try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.ActivatePlaylist", id)
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Oldest episode" } == "Oldest episode")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let queue = try Self.earshot(h, "Queue")
        let middle = try #require(queue.range(of: "Middle episode")), newest = try #require(queue.range(of: "Newest episode"))
        #expect(middle.lowerBound < newest.lowerBound, "the rest of the playlist, in its order, in Up Next: \(queue)")
        let played = try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "1", "Played", "true")
        #expect(played.contains("'Up Next'") || played.contains("'Oldest first'"), "\(played)")
        #expect(h.terminate() == 0)
    }

    @Test func aPlaylistOutlivesARestartAndIsPublishedAgain() throws {
        let h = try DaemonHarness()
        _ = try Self.earshot(h, "SaveSmartPlaylist", "Kept", "['--unplayed', '--within', '3000d']", "false")
        #expect(h.terminate() == 0)
        try h.start([])
        let listed = try Self.earshot(h, "SmartPlaylists")
        #expect(listed.contains("<'Kept'>") && listed.contains("'--unplayed', '--within', '428w4d'"), "the rules as stored: \(listed)")
        let playlists = try PlaylistsTests.call(h, "org.mpris.MediaPlayer2.Playlists.GetPlaylists", "0", "5", "User", "false")
        #expect(playlists.contains("'Kept'"), "\(playlists)")
        #expect(h.terminate() == 0)
    }

    @Test func badRulesAndUnknownNamesAreRefusedInOneLine() throws {
        let h = try DaemonHarness()
        #expect(throws: TestFailure.self) { try Self.earshot(h, "SaveSmartPlaylist", "Bad", "['--limit', '0']", "false") }
        let bad = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                      "/org/earshot/Earshot", "--method", "org.earshot.Earshot1.SaveSmartPlaylist", "Bad", "['--bogus']", "false"],
                                     busAddress: h.bus.address, context: h.context)
        #expect(bad.stderr.contains("there is no playlist rule --bogus"), "\(bad.stderr)")
        #expect(throws: TestFailure.self) { try Self.earshot(h, "PlaySmartPlaylist", "Nothing like it") }
        #expect(throws: TestFailure.self) { try Self.earshot(h, "RemoveSmartPlaylist", "Nothing like it") }
        #expect(h.terminate() == 0)
    }

    @Test func aPlaylistIsAnnouncedWhenItsEpisodesChangeAndOnlyThen() throws {
        let h = try DaemonHarness()
        _ = try Self.earshot(h, "SaveSmartPlaylist", "Unplayed", "['--unplayed']", "false")
        let capture = h.stateDirectory + "/smart-monitor.txt"
        let fd = open(capture, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let monitor = try ChildProcess(["dbus-monitor", "--session", "type='signal',interface='org.mpris.MediaPlayer2.Playlists'"],
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": h.bus.address], stdout: fd)
        close(fd)
        var captured: String { (try? String(contentsOfFile: capture, encoding: .utf8)) ?? "" }
        for _ in 0..<100 where !captured.contains("member=NameLost") { usleep(50_000) }
        try #require(captured.contains("member=NameLost"), "dbus-monitor never started listening")
        // Only the smart playlist's signals count (a podcast's cover arriving is announced too).
        var smartChanges: [String] {
            captured.components(separatedBy: "\nsignal ").filter { $0.contains("member=PlaylistChanged") && $0.contains("/org/earshot/playlist/smart/") }
        }
        _ = try Self.earshot(h, "Star", "[int64 \(try Self.episode(h, "Middle"))]", "true")
        usleep(3_000_000)  // past the playlists' settling time: a star changes no unplayed playlist
        #expect(smartChanges.isEmpty, "\(captured)")
        _ = try Self.earshot(h, "Mark", "[int64 \(try Self.episode(h, "Middle"))]", "true")
        for _ in 0..<200 where smartChanges.isEmpty { usleep(50_000) }
        usleep(500_000)
        monitor.signal(SIGTERM)
        _ = monitor.wait()
        #expect(smartChanges.count == 1 && smartChanges.first?.contains("Unplayed") == true, "one PlaylistChanged, for the playlist: \(captured)")
        #expect(h.terminate() == 0)
    }
}
