import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// One daemon per state folder: a second Earshot on the same state (it would fight the first over the
/// listener's place in the store) ends at once with one line and status 0, since a desktop launcher's
/// `Exec=earshot` while it runs is no mistake; one with its own state folder is a second player on the
/// bus, `org.mpris.MediaPlayer2.earshot.instance<pid>`.
@Suite("earshot serve: one daemon per state folder", .serialized)
struct SingleInstanceTests {
    /// The pid of the connection that owns `name` on the harness's bus, or nil when nobody owns it.
    private func owner(of name: String, _ h: DaemonHarness) throws -> pid_t? {
        let reply = try Subprocess.run(
            ["dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
             "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:\(name)"],
            busAddress: h.bus.address, context: h.context)
        guard reply.status == 0 else { return nil }
        return reply.trimmed.split(separator: " ").last.flatMap { pid_t($0) }
    }

    /// Runs a second `earshot` to its end, or stops it after `seconds` (a daemon that should have been
    /// refused but serves instead); its status (nil when it had to be stopped) and its output, stdout and
    /// stderr together.
    private func runSecond(_ arguments: [String], environment: [String: String?], _ h: DaemonHarness,
                           seconds: Double = 10) throws -> (status: Int32?, output: String) {
        let log = h.stateDirectory + "/second-\(UUID().uuidString).log"
        let second = try EarshotProcess.start(arguments, environment: environment, log: log)
        let deadline = Date().addingTimeInterval(seconds)
        while second.poll() == nil && Date() < deadline { usleep(20_000) }
        let status = second.poll()
        if status == nil {
            second.signal(SIGTERM)
            _ = second.wait()
        }
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test func aSecondDaemonOnTheSameStateExitsQuietlyWithOneLineNamingTheRunningOne() throws {
        let h = try DaemonHarness()
        let first = try #require(h.daemon)
        // Refused at once, before touching the store or the network: well within 5 seconds.
        let second = try runSecond(["--feed", h.feedURL.absoluteString], environment: h.environment, h, seconds: 5)
        #expect(second.status == 0, "a launcher's second start is not a failure: \(second.output)")
        let lines = second.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line: \(second.output)")
        #expect(second.output.hasPrefix("earshot: Earshot is already running (pid \(first.pid))"), "\(second.output)")
        #expect(second.output.contains(h.stateDirectory + "/earshot"), "names the state folder: \(second.output)")
        #expect(!second.output.contains("Fatal error"), "never a stack trace")
        // The first keeps the well-known name and keeps answering.
        #expect(try owner(of: "org.mpris.MediaPlayer2.earshot", h) == first.pid)
        #expect(try h.playerctl("-l").stdout.split(separator: "\n") == ["earshot"])
        #expect(try h.ask("status") == "Paused")
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        #expect(first.poll() == nil)
        #expect(h.terminate() == 0)
    }

    @Test func theSameStateFolderGivenAsStateDirIsRefusedToo() throws {
        let h = try DaemonHarness()
        let first = try #require(h.daemon)
        // The first found its state through XDG_STATE_HOME; this one names the same folder by flag.
        var environment = h.environment
        environment["XDG_STATE_HOME"] = h.stateDirectory + "/elsewhere"
        let second = try runSecond(["--state-dir", h.stateDirectory + "/earshot"], environment: environment, h)
        #expect(second.status == 0, "\(second.output)")
        #expect(second.output.split(separator: "\n").count == 1, "\(second.output)")
        #expect(second.output.contains("already running (pid \(first.pid))"), "\(second.output)")
        #expect(try h.ask("status") == "Paused")
        #expect(h.terminate() == 0)
    }

    @Test func aSecondDaemonWithItsOwnXDGStateHomeTakesAnInstanceName() throws {
        let h = try DaemonHarness()
        var environment = h.environment
        environment["XDG_STATE_HOME"] = h.stateDirectory + "/other-user-state"
        let second = try EarshotProcess.start(["--feed", h.feedURL.absoluteString],
                                              environment: environment, log: h.stateDirectory + "/second.log")
        let name = "org.mpris.MediaPlayer2.earshot.instance\(second.pid)"
        var owned: pid_t?
        for _ in 0..<200 where owned == nil && second.poll() == nil {
            owned = try owner(of: name, h)
            if owned == nil { usleep(50_000) }
        }
        let log = (try? String(contentsOfFile: h.stateDirectory + "/second.log", encoding: .utf8)) ?? ""
        #expect(owned == second.pid, "the second daemon's log:\n\(log)")
        #expect(try owner(of: "org.mpris.MediaPlayer2.earshot", h) == h.daemon?.pid)
        #expect(FileManager.default.fileExists(atPath: h.stateDirectory + "/other-user-state/earshot/earshot.sqlite"))
        second.signal(SIGTERM)
        #expect(second.wait() == 0)
        #expect(h.terminate() == 0)
    }

    @Test func afterTheFirstIsKilledWithSIGKILLANewDaemonOnTheSameStateStarts() throws {
        let h = try DaemonHarness()
        let lockFile = h.stateDirectory + "/earshot/earshot.lock"
        #expect(FileManager.default.fileExists(atPath: lockFile))
        h.kill9()
        #expect(FileManager.default.fileExists(atPath: lockFile), "a dead daemon leaves its lock file, which is harmless")
        try h.start(["--feed", h.feedURL.absoluteString])
        let restarted = try #require(h.daemon)
        #expect(try owner(of: "org.mpris.MediaPlayer2.earshot", h) == restarted.pid)
        #expect(try h.ask("status") == "Paused")
        let written = try String(contentsOfFile: lockFile, encoding: .utf8)
        #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "\(restarted.pid)", "the lock file names the live daemon")
        #expect(h.terminate() == 0)
    }

    @Test func aStateFolderThatCannotBeWrittenIsOneClearError() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        // Root ignores permission bits, so the folder is made unusable by being a file's child instead.
        let blocker = h.stateDirectory + "/a-file"
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["--feed", h.feedURL.absoluteString, "--state-dir", blocker],
                                         environment: h.environment)
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("earshot: cannot open the database: "), "\(run.stderr)")
        #expect(run.stderr.contains(blocker), "\(run.stderr)")
    }
}
