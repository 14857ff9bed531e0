import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A metered connection through a NetworkManager stand-in (python-dbusmock's `networkmanager`
/// template) on a private system bus: automatic downloads wait, one asked for by hand runs, and the
/// waiting ones go on once NetworkManager says the connection is no longer metered.
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
        #expect(try Self.earshot(h, "download", "Oldest episode").status == 0)
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
