import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A real sync server for a test: oPodSync (PHP + SQLite) from `../shared/servers`, started on 127.0.0.1
/// with one account, and `mygpoclient` (Debian's python3-mygpoclient) as a second device, "the phone".
/// Tests that need them skip, saying why, where they are absent.
final class SyncServer {
    let url: String
    let user = "earshot", password = "earshot-secret"
    private let directory: String
    private let port: String
    private var pid: pid_t

    /// The folder of the shared servers: `EARSHOT_SHARED`, else `../shared` beside the package.
    static var sharedServers: String? {
        let root = ProcessInfo.processInfo.environment["EARSHOT_SHARED"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared").path
        let script = root + "/servers/opodsync-serve"
        return FileManager.default.isExecutableFile(atPath: script) ? root + "/servers" : nil
    }

    /// Why the sync tests cannot run here, or nil when they can.
    static var missing: String? {
        if sharedServers == nil { return "../shared/servers (oPodSync) is absent" }
        if !FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/mygpoclient") {
            return "mygpoclient is missing (apt-get install python3-mygpoclient)"
        }
        return nil
    }

    /// Starts a server with its own data folder.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-opodsync-\(UUID().uuidString)").path
        let started = try Self.serve(directory, port: nil)
        url = started.url
        pid = started.pid
        port = String(url.split(separator: ":").last!.filter(\.isNumber))
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Stops the server (its data stays: `restart()` brings it back on the same port).
    func stop() {
        guard pid > 0 else { return }
        kill(-pid, SIGTERM)
        kill(pid, SIGTERM)
        pid = 0
    }

    /// Starts the stopped server again, with its data, on its port (as opodsync-serve starts it).
    func restart() throws {
        guard let servers = Self.sharedServers else { throw TestFailure("no oPodSync") }
        let run = try BuiltProduct.runTool("/bin/sh", ["-c", """
            DATA_ROOT='\(directory)/data' setsid php -S 127.0.0.1:\(port) -d variables_order=EGPCS \
              -d session.save_path='\(directory)/sessions' -t '\(servers)/opodsync/server' '\(servers)/opodsync/server/index.php' \
              >>'\(directory)/server.log' 2>&1 & echo $!
            for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:\(port)/ && exit 0; sleep 0.1; done; exit 1
            """])
        guard run.status == 0, let started = pid_t(run.stdout.split(separator: "\n").first ?? "") else {
            throw TestFailure("oPodSync did not come back: \(run.stderr)")
        }
        pid = started
    }

    private static func serve(_ directory: String, port: String?) throws -> (url: String, pid: pid_t) {
        guard let servers = sharedServers else { throw TestFailure("no oPodSync") }
        let run = try BuiltProduct.runTool(servers + "/opodsync-serve", [directory] + (port.map { [$0] } ?? []))
        guard run.status == 0 else { throw TestFailure("opodsync-serve failed: \(run.stderr)") }
        var url = "", pid: pid_t = 0
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "url", parts.count > 1 { url = String(parts[1]) }
            if parts.first == "pid", parts.count > 1 { pid = pid_t(parts[1]) ?? 0 }
        }
        guard !url.isEmpty, pid > 0 else { throw TestFailure("opodsync-serve said: \(run.stdout)") }
        while url.hasSuffix("/") { url.removeLast() }
        return (url, pid)
    }

    // MARK: The phone (mygpoclient)

    /// Runs `code` with `client` (a MygPodderClient for the account) and `api` in scope; its output.
    @discardableResult
    func phone(_ code: String) throws -> String {
        let program = """
            import json, sys
            from mygpoclient import api
            client = api.MygPodderClient('\(user)', '\(password)', '\(url)')
            \(code)
            """
        let run = try BuiltProduct.runTool("/usr/bin/python3", ["-c", program])
        guard run.status == 0 else { throw TestFailure("the phone failed: \(run.stderr)") }
        return run.stdout
    }

    /// The phone's view of the subscriptions.
    func phoneSubscriptions() throws -> [String] {
        let text = try phone("print(json.dumps(client.pull_subscriptions('phone', 0).add))")
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]) ?? []
    }

    /// Every episode action the server holds, as the phone reads them.
    func phoneActions() throws -> [[String: Any]] {
        let text = try phone("print(json.dumps([a.to_dictionary() for a in client.download_episode_actions(since=0).actions]))")
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []
    }

    /// The phone listened to `episode` of `podcast` up to `position` of `total` seconds, `ago` seconds ago.
    func phonePlayed(podcast: String, episode: String, position: Int, total: Int, ago: Double = 0) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        let when = formatter.string(from: Date().addingTimeInterval(-ago))
        try phone("""
            client.upload_episode_actions([api.EpisodeAction('\(podcast)', '\(episode)', 'play', device='phone', \
            timestamp='\(when)', started=0, position=\(position), total=\(total))])
            """)
    }

    func phoneSubscribe(_ url: String) throws {
        try phone("client.update_subscriptions('phone', ['\(url)'], [])")
    }

    func phoneUnsubscribe(_ url: String) throws {
        try phone("client.update_subscriptions('phone', [], ['\(url)'])")
    }
}
