import ArgumentParser
import Foundation

/// Writes the command line's output: results on standard output, failures as `earshot: …` lines on
/// standard error (after what was printed so far, so the two read in order on a terminal).
enum Console {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One failure line: `earshot: ` and `line`.
    static func fail(_ line: String) {
        FileHandle.standardError.write(Data("earshot: \(line)\n".utf8))
    }

    /// Prints the failures of a job that went on without them (a feed of several) and then, if there
    /// were any, ends the command with status 1: those lines are its whole report.
    static func finish(failures lines: [String]) throws {
        lines.forEach(fail)
        if !lines.isEmpty { throw ExitCode.failure }
    }
}
