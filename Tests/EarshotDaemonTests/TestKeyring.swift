import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A real gnome-keyring-daemon on a test's private bus, its login keyring created and unlocked, in the
/// harness's folder; stopped with `stop()`.
final class TestKeyring {
    private let process: ChildProcess

    /// Starts it and waits until it owns `org.freedesktop.secrets`.
    init(_ h: DaemonHarness) throws {
        let home = h.stateDirectory + "/keyring"
        try FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true)
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(devNull) }
        process = try ChildProcess(["/bin/sh", "-c", "printf unlock | exec gnome-keyring-daemon --unlock --components=secrets --foreground"],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": h.bus.address, "HOME": home, "XDG_DATA_HOME": home,
                                                 "XDG_RUNTIME_DIR": home + "/run"], stdout: devNull, stderr: devNull)
        var owned = ""
        for _ in 0..<50 where !owned.contains("true") {
            owned = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                        "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"],
                                       busAddress: h.bus.address, context: h.context).stdout
            usleep(100_000)
        }
        guard owned.contains("true") else {
            stop()
            throw TestFailure("gnome-keyring-daemon did not come up")
        }
    }

    func stop() {
        process.signal(SIGTERM)
        _ = process.wait()
    }
}
