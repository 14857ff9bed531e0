import ArgumentParser
import EarshotFeed
import Foundation

/// Writes the command line's output: results on standard output, failures as `earshot: …` lines on
/// standard error (after what was printed so far, so the two read in order on a terminal).
///
/// Feed text can carry control and bidi characters (`SafeText`). The renderers escape them in each field
/// before laying out lines (so widths stay right); what is written here is escaped once more, line breaks
/// kept, so nothing that acts on a terminal is ever written. JSON has nothing left to escape here:
/// `JSONOutput` escapes those characters itself.
enum Console {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((SafeText.escaped(text, keepingLineBreaks: true) + "\n").utf8))
    }

    /// Prints `text` as it is: text whose renderer escaped every field of feed text itself and then
    /// added terminal sequences of Earshot's own (`earshot find`'s bold), which escaping the whole of
    /// it again would print as `\u{1B}[1m`.
    static func printStyled(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Moves the cursor up to the first of the `lines` lines printed last, clears from there to the end of
    /// the screen, and prints `text` in their place (`earshot downloads --follow`).
    static func redraw(lines: Int, with text: String) {
        FileHandle.standardOutput.write(Data("\u{1B}[\(lines)F\u{1B}[J".utf8))
        print(text)
    }

    /// One failure line: `earshot: ` and `line`.
    static func fail(_ line: String) {
        FileHandle.standardError.write(Data("earshot: \(SafeText.escaped(line, keepingLineBreaks: true))\n".utf8))
    }

    /// Prints the failures of a job that went on without them (a feed of several) and then, if there
    /// were any, ends the command with status 1: those lines are its whole report.
    static func finish(failures lines: [String]) throws {
        lines.forEach(fail)
        if !lines.isEmpty { throw ExitCode.failure }
    }
}
