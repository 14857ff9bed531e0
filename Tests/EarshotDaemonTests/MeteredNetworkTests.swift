import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A metered connection through a NetworkManager stand-in (python-dbusmock's `networkmanager`
/// template) on a private system bus: automatic downloads, transcripts, chapters files and covers wait,
/// a download asked for by hand runs (and says so), and what waited goes on once NetworkManager says the
/// connection is no longer metered.
@Suite("Daemon: metered connections (NetworkManager)", .serialized)
struct MeteredNetworkTests {
    /// The private "system bus" and NetworkManager on it, `Metered` set to `value`.
    final class StandIn {
        let bus: PrivateBus
        let manager: ChildProcess
        let context: MainContext

        init(metered value: UInt32, context: MainContext) throws {
            self.context = context
            bus = try PrivateBus()
            manager = try ChildProcess(["/usr/bin/python3", "-m", "dbusmock", "--template", "networkmanager"],
                                       environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "DBUS_SESSION_BUS_ADDRESS": bus.address])
            for _ in 0..<100 {
                if (try? call("org.freedesktop.DBus.Properties.Get", "org.freedesktop.NetworkManager", "State"))?.status == 0 { break }
                usleep(100_000)
            }
            let added = try call("org.freedesktop.DBus.Mock.AddProperty", "org.freedesktop.NetworkManager", "Metered", "<uint32 \(value)>")
            guard added.status == 0 else { throw TestFailure("NetworkManager stand-in: \(added.stderr)") }
        }

        deinit {
            manager.signal(SIGTERM)
            _ = manager.wait()
            bus.stop()
        }

        @discardableResult
        func call(_ method: String, _ arguments: String...) throws -> Subprocess.Output {
            try Subprocess.run(["gdbus", "call", "--address", bus.address, "--dest", "org.freedesktop.NetworkManager",
                                "--object-path", "/org/freedesktop/NetworkManager", "--method", method] + arguments,
                               busAddress: bus.address, context: context)
        }

        func setMetered(_ value: UInt32) throws {
            let set = try call("org.freedesktop.DBus.Properties.Set", "org.freedesktop.NetworkManager", "Metered", "<uint32 \(value)>")
            guard set.status == 0 else { throw TestFailure("Set Metered: \(set.stderr)") }
        }
    }

    private static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    private static func states(_ h: DaemonHarness) throws -> [String: String] {
        let run = try earshot(h, "downloads", "--json")
        let list = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
        return Dictionary(list.compactMap { item in (item["title"] as? String).map { ($0, item["state"] as? String ?? "") } },
                          uniquingKeysWith: { a, _ in a })
    }

    @Test func onAMeteredConnectionOnlyWhatIsAskedByHandDownloadsAndTheRestFollowsWhenItIsNoLongerMetered() throws {
        let h = try DaemonHarness()
        let standIn = try StandIn(metered: 3, context: h.context)  // NM_METERED_GUESS_YES
        #expect(h.terminate() == 0)
        h.systemBusAddress = standIn.bus.address
        try h.start(["--feed", h.feedURL.absoluteString])
        for _ in 0..<100 where !h.daemonLog.contains("the connection is metered") { usleep(50_000) }
        #expect(h.daemonLog.contains("the connection is metered"), "\(h.daemonLog)")
        #expect(try Self.earshot(h, "queue", "add", "Middle episode").status == 0)  // download-ahead would fetch it
        let asked = try Self.earshot(h, "download", "Oldest episode")
        #expect(asked.status == 0)
        #expect(asked.stdout.contains("The connection is metered: this download runs anyway, as you asked for it."), "\(asked.stdout)")
        var states: [String: String] = [:]
        for _ in 0..<100 {
            states = try Self.states(h)
            if states["Oldest episode"] == "completed" { break }
            usleep(100_000)
        }
        #expect(states["Oldest episode"] == "completed", "asked for by hand: \(states)")
        #expect(states["Middle episode"] == "queued", "downloading ahead waits: \(states)")
        #expect(h.daemonLog.contains("on a metered connection: it was asked for by hand"))
        try standIn.setMetered(2)  // NM_METERED_NO
        for _ in 0..<100 {
            states = try Self.states(h)
            if states["Middle episode"] == "completed" { break }
            usleep(100_000)
        }
        #expect(states["Middle episode"] == "completed", "\(states)\n\(h.daemonLog)")
        #expect(h.daemonLog.contains("the connection is no longer metered"))
        #expect(h.terminate() == 0)
    }

    @Test func onAMeteredConnectionNoTranscriptChaptersFileOrCoverIsFetchedByItselfAndTheyAreWhenItIsNoLongerMetered() throws {
        let h = try DaemonHarness()
        let standIn = try StandIn(metered: 1, context: h.context)  // NM_METERED_YES
        #expect(h.terminate() == 0)
        h.systemBusAddress = standIn.bus.address
        try h.start(["--feed", h.feedURL.absoluteString])
        for _ in 0..<100 where !h.daemonLog.contains("the connection is metered") { usleep(50_000) }
        h.server.serve("/t/said.vtt", body: Array("WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nHello there.\n".utf8), contentType: "text/vtt")
        h.server.serve("/chapters.json", body: Array(#"{"version": "1.2.0", "chapters": [{"startTime": 0, "title": "Hello"}]}"#.utf8),
                       contentType: "application/json+chapters")
        h.server.serve("/art/episode.png", body: try AudioFixtures.coverPNG(), contentType: "image/png")
        let base = h.server.baseURL.absoluteString, podcast = "xmlns:podcast=\"https://podcastindex.org/namespace/1.0\""
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-metered</guid><title>Metered episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:transcript \(podcast) url="\(base)/t/said.vtt" type="text/vtt"/>
              <podcast:chapters \(podcast) url="\(base)/chapters.json" type="application/json+chapters"/>
              <itunes:image href="\(base)/art/episode.png"/>
              <enclosure url="\(base)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """))
        #expect(try Self.earshot(h, "refresh").status == 0, "a refresh asked for by hand runs")
        #expect(try Self.earshot(h, "play", "Metered episode").status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        _ = try h.ask("metadata", "mpris:artUrl")
        usleep(1_500_000)
        let automatic: Set<String> = ["/t/said.vtt", "/chapters.json", "/art/episode.png"]
        #expect(Set(h.server.requests.map(\.path)).isDisjoint(with: automatic), "\(h.server.requests.map(\.path))")
        try standIn.setMetered(2)  // NM_METERED_NO
        var fetched: Set<String> = []
        for _ in 0..<100 {
            _ = try? h.ask("metadata", "mpris:artUrl")  // the cover is asked for again when shown
            fetched = Set(h.server.requests.map(\.path)).intersection(automatic)
            if fetched == automatic { break }
            usleep(100_000)
        }
        #expect(fetched == automatic, "\(h.server.requests.map(\.path))\n\(h.daemonLog)")
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Hello" } == "Hello", "the chapters file, fetched, is used")
        #expect(h.terminate() == 0)
    }

    @Test func withoutASystemBusTheConnectionIsNotMetered() throws {
        let h = try DaemonHarness()
        #expect(try Self.earshot(h, "queue", "add", "Middle episode").status == 0)
        var states: [String: String] = [:]
        for _ in 0..<100 {
            states = try Self.states(h)
            if states["Middle episode"] == "completed" { break }
            usleep(100_000)
        }
        #expect(states["Middle episode"] == "completed", "\(states)")
        #expect(!h.daemonLog.contains("metered"))
        #expect(h.terminate() == 0)
    }
}
