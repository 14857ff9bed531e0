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
}
