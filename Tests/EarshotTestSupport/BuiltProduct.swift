import Foundation
import Glibc

/// The executables this package builds (`earshot`, `earshot-bench`), from the build folder the tests
/// run in.
public enum BuiltProduct {
    /// The path of the executable `name` next to the test bundle.
    public static func path(_ name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent(name).path
    }

    /// Runs the executable `name` with `arguments` (and environment changes) to its end; its status
    /// and output.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Subprocess.Output {
        try runTool(path(name), arguments, environment: environment)
    }

    /// Runs the program at `executable` with `arguments` to its end; its status and output.
    public static func runTool(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Subprocess.Output {
        let out = try ChildPipe(), err = try ChildPipe()
        defer { close(out.read); close(err.read) }
        let child: ChildProcess
        do {
            defer { close(out.write); close(err.write) }
            child = try ChildProcess([executable] + arguments, environment: environment, stdout: out.write, stderr: err.write)
        }
        let stdout = out.readAll(), stderr = err.readAll()
        return Subprocess.Output(status: child.wait(), stdout: stdout, stderr: stderr)
    }
}
