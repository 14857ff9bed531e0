import CGLib
import Glibc

/// A private `dbus-daemon` for one test: its own configuration and socket in a temporary directory
/// (no service activation unless a test adds a `<servicedir>`, so nothing on the machine gets started;
/// the session bus's reply limit), stopped and removed by `stop()`.
/// Never the user's session bus.
public final class PrivateBus {
    /// The bus address (`unix:path=…`).
    public let address: String
    private let daemon: ChildProcess
    private let directory: String
    /// The read end of the daemon's standard output, open until `stop()` so that a service it
    /// activates (which shares that output) never writes into a closed pipe.
    private let output: Int32
    private var stopped = false

    /// Starts the bus. `configuration` lines go inside `<busconfig>` (e.g. a `<servicedir>` to test
    /// D-Bus activation); `environment` changes apply to the dbus-daemon process, whose environment
    /// is what the services it activates get; `log` receives its standard error, and that of those
    /// services (else /dev/null). `PrivateBus()` is the plain test bus.
    public init(configuration extraLines: [String] = [], environment: [String: String?] = [:], log: String? = nil) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let dir = g_dir_make_tmp("earshot-mpris-test-XXXXXX", &error) else {
            throw TestFailure("cannot make a temporary directory: \(GErrorText.take(error))")
        }
        directory = String(cString: dir)
        g_free(dir)
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory)</listen>
              <auth>EXTERNAL</auth>
              <limit name="max_replies_per_connection">50000</limit>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            \(extraLines.map { "  " + $0 + "\n" }.joined())</busconfig>
            """
        let configPath = directory + "/bus.conf"
        guard g_file_set_contents(configPath, config, -1, &error) != 0 else {
            throw TestFailure("cannot write \(configPath): \(GErrorText.take(error))")
        }
        let output = try ChildPipe()
        self.output = output.read
        // Quiet without a log: "Failed to set fd limit" as root.
        let errors = log.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? open("/dev/null", O_WRONLY | O_CLOEXEC)
        do {
            defer { close(output.write); if errors >= 0 { close(errors) } }
            daemon = try ChildProcess(
                ["dbus-daemon", "--config-file=\(configPath)", "--nofork", "--print-address=1"],
                environment: environment, stdout: output.write, stderr: errors >= 0 ? errors : nil)
        } catch {
            close(output.read)
            throw error
        }
        guard let line = output.readLine(), line.hasPrefix("unix:") else {
            close(output.read)
            throw TestFailure("dbus-daemon printed no address")
        }
        address = line
    }

    deinit { stop() }

    /// Kills the daemon (clients see their connection close) and removes its directory.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        daemon.signal(SIGTERM)
        _ = daemon.wait()
        close(output)
        let dir = g_dir_open(directory, 0, nil)
        while let dir, let name = g_dir_read_name(dir) { unlink(directory + "/" + String(cString: name)) }
        if let dir { g_dir_close(dir) }
        rmdir(directory)
    }
}

/// A failure in the test scaffolding itself.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum GErrorText {
    public static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
