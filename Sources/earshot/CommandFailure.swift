import ArgumentParser
import Foundation

/// A failure a person can cause (an unreachable feed, a bad argument): printed as one plain line on
/// standard error, then the command exits with status 1 — never a stack trace.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension Earshot {
    /// Runs the command line, turning a `CommandFailure` into one line on stderr and exit status 1.
    static func mainReportingFailures() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("earshot: \(failure.description)\n".utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
