import EarshotTestSupport
import Foundation
import Glibc

/// A real terminal emulator for `earshot tui`: a tmux server of its own (its socket in a temporary
/// folder) running one session of `width` × `height`, driven with `send-keys` and read with
/// `capture-pane`, with the daemon harness's environment (private bus, XDG folders).
final class TmuxTerminal {
    private let harness: DaemonHarness
    private let socket: String

    init(_ harness: DaemonHarness, command: String, width: Int = 80, height: Int = 24, environment extra: [String: String] = [:]) throws {
        self.harness = harness
        socket = harness.stateDirectory + "/tmux-\(UUID().uuidString.prefix(8)).socket"
        // NO_COLOR empty (as if unset: the test runner's own may be set) unless a test sets it.
        var environment: [String: String] = ["NO_COLOR": ""]
        for (key, value) in harness.environment { if let value { environment[key] = value } }
        environment.merge(extra) { $1 }
        let variables = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)"] + variables + [command])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs a tmux command on this terminal's server.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> Subprocess.Output {
        try Subprocess.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments, busAddress: harness.bus.address, context: harness.context)
    }

    /// Types `keys` (tmux key names: "Enter", "Escape", "Up", or text).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// The screen's text, one line per row.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "0"]).stdout }

    /// Waits until the screen satisfies `condition` (or `seconds` pass); the last screen.
    @discardableResult
    func wait(seconds: Double = 10, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = ""
        repeat {
            shown = try screen()
            if condition(shown) { return shown }
            usleep(50_000)
        } while Date() < deadline
        return shown
    }

    /// Whether the session's command still runs.
    var isRunning: Bool { (try? tmux(["has-session", "-t", "0"]).status) == 0 }
}
