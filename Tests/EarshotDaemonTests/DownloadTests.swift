import EarshotStore
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Offline listening with the real daemon, the real `earshot` CLI and the fixture server.
@Suite("Daemon: downloads for offline listening")
struct DownloadTests {
    /// `earshot ARGS` against the harness's daemon.
    private static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// The id of the episode titled `title`.
    private static func episode(_ h: DaemonHarness, _ title: String) throws -> Int64 {
        let run = try earshot(h, "episodes", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
        return try #require(list.first { $0["title"] as? String == title }?["id"] as? Int64)
    }

    /// `earshot downloads --json`, polled until `condition` holds (or `seconds` pass).
    private static func downloads(_ h: DaemonHarness, seconds: Double = 15,
                                  until condition: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(seconds)
        var list: [[String: Any]] = []
        repeat {
            let run = try earshot(h, "downloads", "--json")
            list = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
            if condition(list) { return list }
            usleep(100_000)
        } while Date() < deadline
        return list
    }

    private static func state(_ list: [[String: Any]], _ episode: Int64) -> String? {
        list.first { $0["episode"] as? Int64 == episode }?["state"] as? String
    }

    @Test func anEpisodeDownloadedByHandPlaysFromItsFileWithTheServerGone() throws {
        let h = try DaemonHarness()
        let middle = try Self.episode(h, "Middle episode")
        let run = try Self.earshot(h, "download", String(middle))
        #expect(run.status == 0, "\(run.stderr)")
        let list = try Self.downloads(h) { Self.state($0, middle) == "completed" }
        let path = try #require(list.first?["path"] as? String, "\(list)\n\(h.daemonLog)")
        #expect(path == h.stateDirectory + "/data/earshot/episodes/Daemon Show/Middle episode.mp3")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == AudioFixtures.files()["middle.mp3"])

        h.server.route("/audio/middle.mp3") { _ in .status(503) }  // the network is gone
        h.goOffline()
        #expect(try Self.earshot(h, "play", String(middle)).status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing", "\(h.daemonLog)")
        #expect(try h.ask("metadata", "xesam:url").hasSuffix("/audio/middle.mp3"), "xesam:url stays the enclosure")
        #expect(try h.wait(for: "position") { (Double($0) ?? 0) > 0.5 } != "0.000000", "it plays")
        #expect(!h.server.requests.contains { $0.path == "/audio/middle.mp3" && $0.headers["range"] != nil })
        #expect(try Self.earshot(h, "status").status == 0, "the daemon answers")
    }

    @Test func offlineAnEpisodeThatIsNotDownloadedFailsWithANamedErrorAndTheDaemonStaysControllable() throws {
        let h = try DaemonHarness()
        let oldest = try Self.episode(h, "Oldest episode")
        h.server.route("/audio/oldest.mp3") { _ in .status(503) }
        h.goOffline()
        let play = try Self.earshot(h, "play", String(oldest))
        #expect(play.status == 1)
        #expect(play.stderr.hasPrefix("earshot: cannot play “Oldest episode”: ") && play.stderr.hasSuffix("is not downloaded)\n")
                && play.stderr.split(separator: "\n").count == 1, "one line: \(play.stderr)")
        #expect(h.daemonLog.contains("playback: Cannot play http://127.0.0.1"), "\(h.daemonLog)")
        #expect(try h.ask("status") != "Playing")
        #expect(try Self.earshot(h, "status").status == 0, "the daemon answers")
        #expect(try h.playerctl("next").status == 0)
    }

    @Test func aDownloadThatUsedUpItsRetriesStartsOverWhenARefreshReachesTheServer() throws {
        let h = try DaemonHarness()
        let middle = try Self.episode(h, "Middle episode")
        let audio = try #require(try AudioFixtures.files()["middle.mp3"])
        h.server.route("/audio/middle.mp3") { _ in .status(503) }
        #expect(try Self.earshot(h, "download", String(middle)).status == 0)
        let failed = try Self.downloads(h) { Self.state($0, middle) == "failed" }
        #expect((failed.first?["error"] as? String)?.contains("503") == true, "\(failed)")
        #expect(h.terminate() == 0)
        // As if its three retries (30 s, 2 and 10 minutes later) had failed too: it waits for the network.
        do {
            let store = try Store(path: h.stateDirectory + "/earshot/earshot.sqlite")
            var record = try #require(try store.downloads().first { $0.episode.rawValue == middle })
            record.attempts = 4
            record.nextAttemptAt = nil
            try store.saveDownload(record)
        }
        h.server.serve("/audio/middle.mp3", body: audio, contentType: "audio/mpeg")
        try h.start(["--feed", h.feedURL.absoluteString])  // its start-up refresh reaches the server
        let list = try Self.downloads(h) { Self.state($0, middle) == "completed" }
        #expect(Self.state(list, middle) == "completed", "\(list)\n\(h.daemonLog)")
        let path = try #require(list.first?["path"] as? String)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == audio)
        #expect(h.terminate() == 0)
    }

    @Test func aDaemonKilledMidDownloadResumesWithARangeRequestToAByteIdenticalFile() throws {
        let h = try DaemonHarness()
        let audio = try #require(try AudioFixtures.files()["newest.mp3"])
        let shared = SharedBody(audio)
        h.server.route("/audio/newest.mp3") { request in
            request.headers["range"] == nil
                ? .paced(audio, contentType: "audio/mpeg", bytesPerTick: 8 << 10, intervalMilliseconds: 100, headers: ["ETag": "\"v1\""])
                : .ranged(shared, contentType: "audio/mpeg", headers: ["ETag": "\"v1\""])
        }
        let newest = try Self.episode(h, "Newest episode")
        #expect(try Self.earshot(h, "download", String(newest)).status == 0)
        let partial = try Self.downloads(h) { (($0.first?["bytes"] as? Int64) ?? 0) >= 32 << 10 }
        #expect(Self.state(partial, newest) == "downloading", "\(partial)")
        h.kill9()
        try h.start(["--feed", h.feedURL.absoluteString])
        let list = try Self.downloads(h) { Self.state($0, newest) == "completed" }
        let path = try #require(list.first?["path"] as? String, "\(list)\n\(h.daemonLog)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == audio)
        let ranges = h.server.requests.filter { $0.path == "/audio/newest.mp3" }.compactMap { $0.headers["range"] }
        let resumedFrom = try #require(ranges.first.flatMap { Int($0.dropFirst("bytes=".count).dropLast()) }, "\(ranges)")
        #expect(resumedFrom >= 32 << 10 && resumedFrom < audio.count, "\(ranges)")
    }

    @Test func aWebPageAndA404ShowAsFailedDownloadsWithTheirReason() throws {
        let h = try DaemonHarness()
        h.server.route("/audio/newest.mp3") { _ in .body(Array("<html><body>Log in</body></html>".utf8), contentType: "text/html") }
        h.server.route("/audio/oldest.mp3") { _ in .status(404) }
        let newest = try Self.episode(h, "Newest episode"), oldest = try Self.episode(h, "Oldest episode")
        #expect(try Self.earshot(h, "download", String(newest), String(oldest)).status == 0)
        let list = try Self.downloads(h) { list in [newest, oldest].allSatisfy { Self.state(list, $0) == "failed" } }
        #expect(Self.state(list, newest) == "failed" && Self.state(list, oldest) == "failed", "\(list)")
        let text = try Self.earshot(h, "downloads").stdout
        #expect(text.contains("failed: the server sent a web page (text/html) instead of the episode's audio"), "\(text)")
        #expect(text.contains("failed: the server answered HTTP 404 Not Found"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: h.stateDirectory + "/data/earshot/episodes/Daemon Show/Oldest episode.mp3"))
        let deleted = try Self.earshot(h, "delete", String(oldest))
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let again = try Self.earshot(h, "delete", String(oldest))
        #expect(again.status == 1 && again.stderr.hasPrefix("earshot: episode \(oldest) is not downloaded"), "\(again.stderr)")
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskFailsTheDownloadWithoutACompleteFileAndTheDaemonStaysResponsive() throws {
        let h = try DaemonHarness()
        let data = h.stateDirectory + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(try Self.tool("/usr/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", data) == 0)
        defer { _ = try? Self.tool("/usr/bin/umount", data) }
        let newest = try Self.episode(h, "Newest episode")
        #expect(try Self.earshot(h, "download", String(newest)).status == 0)
        let list = try Self.downloads(h) { Self.state($0, newest) == "failed" }
        #expect((list.first?["error"] as? String)?.hasPrefix("the disk is full") == true, "\(list)")
        #expect(!FileManager.default.fileExists(atPath: data + "/earshot/episodes/Daemon Show/Newest episode.mp3"))
        #expect(h.daemonLog.components(separatedBy: "downloads stopped: the disk is full").count == 2, "one warning")
        #expect(try Self.earshot(h, "status").status == 0)
        _ = h.terminate()
    }

    private static func tool(_ path: String, _ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
