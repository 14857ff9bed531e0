import Foundation

/// Runs the built `earshot` executable (from the same build folder as the tests) and collects its output.
public enum EarshotProcess {
    /// What a finished run printed and returned.
    public struct Run {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The `earshot` binary next to the test bundle.
    public static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("earshot")
    }

    /// Runs `earshot` with `arguments` and `environment` added to this process's, waiting up to `timeout`.
    public static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }
}
