import Foundation
import Glibc

/// Runs the built `earshot` executable (from the same build folder as the tests).
public enum EarshotProcess {
    /// The `earshot` binary next to the test bundle.
    public static var executable: String { BuiltProduct.path("earshot") }

    /// Runs `earshot` with `arguments` (and environment changes) to its end; its status and output.
    public static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Subprocess.Output {
        try BuiltProduct.run("earshot", arguments, environment: environment)
    }

    /// Starts `earshot` in the background (the daemon); its output goes to `log`.
    public static func start(_ arguments: [String], environment: [String: String?], log: String) throws -> ChildProcess {
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TestFailure("cannot write \(log)") }
        defer { close(fd) }
        return try ChildProcess([executable] + arguments, environment: environment, stdout: fd, stderr: fd)
    }
}
