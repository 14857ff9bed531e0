import EarshotTestSupport
import Foundation
import Testing

/// GNOME Shell's search provider and KRunner's runner, end to end through their D-Bus interfaces: the
/// daemon on a private bus, a feed whose episode has a WebVTT transcript, and `gdbus` as the desktop.
@Suite("GNOME Shell and KRunner search against the daemon", .serialized)
struct DesktopSearchDaemonTests {
    let h: DaemonHarness

    init() throws {
        h = try DaemonHarness()
        TranscriptDaemonTests.serveSpokenFeed(on: h)
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// `gdbus call` of `method` on /org/earshot/Earshot/Search, as a desktop makes it.
    func call(_ method: String, _ arguments: String...) throws -> Subprocess.Output {
        try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                            "/org/earshot/Earshot/Search", "--method", method] + arguments, busAddress: h.bus.address, context: h.context)
    }

    /// Subscribes to the spoken feed and has its transcript stored; the spoken episode's id.
    func spokenEpisode() throws -> Int64 {
        #expect(try earshot("add", h.server.url("/spoken.xml").absoluteString).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        let spoken = try #require(list.first { $0["title"] as? String == "Spoken episode" }?["id"] as? Int64)
        #expect(try earshot("transcript", String(spoken)).status == 0)
        return spoken
    }

    @Test func gnomeShellFindsAMomentDescribesItNarrowsAndPlaysItFromWhenItWasSaid() throws {
        let spoken = try spokenEpisode()
        let moment = "moment:\(spoken):20"
        let initial = try call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['quant']")
        #expect(initial.status == 0 && initial.stdout.contains("'\(moment)'"), "\(initial.stdout)\(initial.stderr)")
        let metas = try call("org.gnome.Shell.SearchProvider2.GetResultMetas", "['\(moment)', 'junk', 'podcast:999']")
        #expect(metas.stdout.contains("'name': <'Spoken episode'>")
                && metas.stdout.contains("'description': <'Spoken Show · 0:20 · Grace: Quantum computers are stranger than they look.'>")
                && metas.stdout.contains("'gicon': <'"), "\(metas.stdout)\(metas.stderr)")
        #expect(!metas.stdout.contains("junk") && metas.stdout.components(separatedBy: "'id'").count == 2, "junk is left out: \(metas.stdout)")

        let narrowed = try call("org.gnome.Shell.SearchProvider2.GetSubsearchResultSet", "['\(moment)']", "['quantum']")
        #expect(narrowed.stdout.contains("'\(moment)'"), "\(narrowed.stdout)")
        let elsewhere = try call("org.gnome.Shell.SearchProvider2.GetSubsearchResultSet", "['episode:1']", "['quantum']")
        #expect(elsewhere.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@as [],)", "only what was shown: \(elsewhere.stdout)")
        let nothing = try call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['***']")
        #expect(nothing.status == 0 && nothing.stdout.contains("@as []"), "\(nothing.stdout)\(nothing.stderr)")

        #expect(try call("org.gnome.Shell.SearchProvider2.ActivateResult", moment, "['quantum']", "uint32 0").status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let position = Double(try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }) ?? 0
        #expect(position >= 20 && position < 30, "played from the moment: \(position)")
        let bogus = try call("org.gnome.Shell.SearchProvider2.ActivateResult", "bogus", "['x']", "uint32 0")
        #expect(bogus.status != 0 && bogus.stderr.contains("org.earshot.Error.InvalidSetting"), "\(bogus.stderr)")
        let introspected = try Subprocess.run(["busctl", "--user", "introspect", "org.mpris.MediaPlayer2.earshot", "/org/earshot/Earshot/Search"],
                                              busAddress: h.bus.address, context: h.context)
        #expect(introspected.stdout.contains("org.gnome.Shell.SearchProvider2") && introspected.stdout.contains("org.kde.krunner1"),
                "\(introspected.stdout)\(introspected.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func kRunnerMatchesFromThreeLatinLettersAndItsActionsPlayOrQueue() throws {
        let spoken = try spokenEpisode()
        let actions = try call("org.kde.krunner1.Actions")
        #expect(actions.stdout.contains("('play', 'Play', 'media-playback-start')")
                && actions.stdout.contains("('queue', 'Add to Up Next', 'media-playlist-append')"), "\(actions.stdout)")
        #expect(try call("org.kde.krunner1.Config").stdout.contains("'MinLetterCount': <1>"), "one CJK character is enough (ours to judge)")
        #expect(try call("org.kde.krunner1.Match", "qu").stdout.contains("@a(sssida{sv}) []"), "two letters match nothing")
        let matched = try call("org.kde.krunner1.Match", "spoken show")
        #expect(matched.stdout.contains("'Spoken Show', 'earshot', 100, 1.0"), "the podcast named exactly: \(matched.stdout)")
        #expect(matched.stdout.contains("('episode:\(spoken)', 'Spoken episode', 'earshot', 30"), "with its newest episode: \(matched.stdout)")

        #expect(try call("org.kde.krunner1.Run", "episode:\(spoken)", "queue").status == 0)
        let queue = try earshot("queue", "--json")
        #expect(queue.stdout.contains("\"id\" : \(spoken)"), "\(queue.stdout)")
        let unknown = try call("org.kde.krunner1.Run", "episode:\(spoken)", "dance")
        #expect(unknown.status != 0 && unknown.stderr.contains("InvalidArgs"), "\(unknown.stderr)")
        #expect(try call("org.kde.krunner1.Run", "moment:\(spoken):20", "").status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(try call("org.kde.krunner1.Teardown").status == 0)
        #expect(h.terminate() == 0)
    }

    @Test func theAppGridsLaunchShowsWhatPlaysInANotification() throws {
        let server = try NotificationServer(bus: h.bus.address, context: h.context)
        #expect(try earshot("status", "--notify").status == 0)
        _ = h.context.iterate(until: { !server.received.isEmpty }, timeoutSeconds: 10)
        let notice = try #require(server.received.last, "\(h.daemonLog)")
        #expect(notice.summary.hasPrefix("Paused: “") && notice.actions.contains("default") && notice.body.contains("earshot --help"),
                "\(notice.summary)\n\(notice.body)\n\(notice.actions)")
        #expect(try earshot("status", "--notify", "--json").status == 64)
        #expect(h.terminate() == 0)
    }
}
