import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// One real `earshot` daemon for one test: its own private bus, state and cache folders, and fixture
/// HTTP servers — one for the audio and art, one for the feed (which a test can take offline) — with
/// `EARSHOT_AUDIO_SINK="fakesink sync=true"`.
final class DaemonHarness {
    let bus: PrivateBus
    let server: FixtureServer
    /// Serves /feed.xml; nil once `goOffline()` stopped it.
    private(set) var feedServer: FixtureServer?
    let feedURL: URL
    let context = MainContext()
    let stateDirectory: String
    let log: String
    private(set) var daemon: ChildProcess?
    /// More environment for the daemon and the command line (a transcriber, a system bus).
    let extraEnvironment: [String: String?]
    /// The system bus the daemon sees (NetworkManager's Metered): none by default, so no test reads the
    /// real one; a test that starts a stand-in sets it and restarts the daemon.
    var systemBusAddress: String?

    /// Starts everything; `arguments` default to `--feed <the feed server's URL>`.
    init(arguments: [String]? = nil, environment extra: [String: String?] = [:]) throws {
        extraEnvironment = extra
        bus = try PrivateBus()
        server = try FixtureServer()
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-daemon-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        log = stateDirectory + "/daemon.log"
        let feedServer = try FixtureServer()
        self.feedServer = feedServer
        feedURL = feedServer.url("/feed.xml")
        feedServer.serve("/feed.xml", body: Array(AudioFixtures.feed(audioBase: server.baseURL).utf8),
                         contentType: "application/rss+xml")
        for (name, bytes) in try AudioFixtures.files() { server.serve("/audio/\(name)", body: bytes, contentType: "audio/mpeg") }
        server.serve("/art/cover.png", body: try AudioFixtures.coverPNG(), contentType: "image/png")
        try writeConfiguration("")
        try start(arguments ?? ["--feed", feedURL.absoluteString])
    }

    deinit {
        if let daemon, daemon.poll() == nil {
            daemon.signal(SIGKILL)
            _ = daemon.wait()
        }
        bus.stop()
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    var environment: [String: String?] {
        ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_STATE_HOME": stateDirectory,
         "XDG_CACHE_HOME": stateDirectory + "/cache", "XDG_CONFIG_HOME": stateDirectory + "/config",
         "XDG_DATA_HOME": stateDirectory + "/data",
         "EARSHOT_AUDIO_SINK": "fakesink sync=true", "DISPLAY": nil,
         "DBUS_SYSTEM_BUS_ADDRESS": systemBusAddress ?? "unix:path=\(stateDirectory)/no-system-bus"].merging(extraEnvironment) { _, extra in extra }
    }

    /// Writes the configuration file the daemon reads (`$XDG_CONFIG_HOME/earshot/earshot.conf`): `text`,
    /// then each directory's base URL that `text` does not set, at a port where nothing listens, so no
    /// test's daemon can ever ask a real directory.
    func writeConfiguration(_ text: String) throws {
        let directory = stateDirectory + "/config/earshot"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let offline = Self.offlineDirectories.filter { !text.contains($0.key) }.map { "\($0.key) = \($0.url)\n" }.joined()
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        try (text + separator + offline).write(toFile: directory + "/earshot.conf", atomically: true, encoding: .utf8)
    }

    /// Where the directories are in every test's configuration unless it says otherwise: nowhere.
    static let offlineDirectories = ["itunes-url", "fyyd-url", "podcastindex-url"].map { (key: $0, url: FixtureServer.closedPortURL().absoluteString) }

    /// Replaces the feed the feed server answers with.
    func serveFeed(_ feed: String) {
        feedServer?.serve("/feed.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
    }

    /// Stops the feed server: the feed can no longer be fetched (the audio still can).
    func goOffline() { feedServer = nil }

    /// Kills the daemon with SIGKILL (no chance to save anything) and reaps it.
    func kill9() {
        daemon?.signal(SIGKILL)
        _ = daemon?.wait()
    }

    /// Starts the daemon and waits until its name is on the bus.
    func start(_ arguments: [String]) throws {
        daemon = try EarshotProcess.start(arguments, environment: environment, log: log)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if try playerctl("-l").stdout.contains("earshot") { return }
            if daemon?.poll() != nil { break }
            usleep(50_000)
        }
        throw TestFailure("the daemon did not appear on the bus; its log:\n\(daemonLog)")
    }

    /// Runs `playerctl -p earshot ARGS` against the private bus.
    @discardableResult
    func playerctl(_ arguments: String...) throws -> Subprocess.Output {
        let player = arguments.first == "-l" ? [] : ["-p", "earshot"]
        return try Subprocess.run(["playerctl"] + player + arguments, busAddress: bus.address, context: context)
    }

    /// playerctl's answer, trimmed.
    func ask(_ arguments: String...) throws -> String {
        let player = ["-p", "earshot"]
        return try Subprocess.run(["playerctl"] + player + arguments, busAddress: bus.address, context: context).trimmed
    }

    /// Polls `ask` until `condition` holds (or `seconds` pass); the last answer.
    func wait(for arguments: String..., seconds: Double = 10, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var answer = ""
        repeat {
            answer = try Subprocess.run(["playerctl", "-p", "earshot"] + arguments, busAddress: bus.address, context: context).trimmed
            if condition(answer) { return answer }
            usleep(100_000)
        } while Date() < deadline
        return answer
    }

    /// Sends SIGTERM and returns the exit status.
    func terminate() -> Int32 {
        guard let daemon else { return -1 }
        daemon.signal(SIGTERM)
        return daemon.wait()
    }

    var daemonLog: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
}
