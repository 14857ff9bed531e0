import ArgumentParser
import EarshotFeed
import EarshotLocale
import Foundation

/// A failure a person can cause (an unreachable feed, an unusable folder): printed as one plain line on
/// standard error, then the command exits with status 1 — never a stack trace.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Not a failure, but the end of the command with one line of information on standard error and
/// status 0: e.g. starting Earshot (a desktop launcher's `Exec=earshot`) while it already runs.
struct CommandNotice: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension Earshot {
    /// Runs the command line. A `CommandFailure` is one line on stderr (control characters from feed text
    /// or a server shown as visible escapes, `SafeText`) and exit status 1; an `ExitCode`
    /// thrown by a command that printed its own failure lines (a feed of several failed) is that status;
    /// a command line that cannot be parsed is one line pointing at `--help` and status 64 (EX_USAGE);
    /// `--help` and `--version` print as usual and succeed. ArgumentParser's own words in the help and the
    /// parse errors are translated (`ParserText`).
    static func mainReportingFailures() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            fail("earshot: \(failure.description)\n", status: 1)
        } catch let notice as CommandNotice {
            fail("earshot: \(notice.description)\n", status: 0)
        } catch let status as ExitCode where status != .success {
            Foundation.exit(status.rawValue)  // the command printed its failures already
        } catch {
            let status = exitCode(for: error)
            guard status != .success else { printHelp(error) }
            let message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let plain = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            // TRANSLATORS: a command line Earshot cannot read; %s says what is wrong with it.
            fail("earshot: " + tr("%s (see earshot --help)", ParserText().error(plain)) + "\n", status: status.rawValue)
        }
    }

    /// What `--help` (or `--version`, a completion script…) asks for, on standard output; a command's help
    /// with ArgumentParser's words translated.
    private static func printHelp(_ request: Error) -> Never {
        let text = fullMessage(for: request)
        guard ParserText.isHelp(text) else { exit(withError: request) }
        print(ParserText().help(text))
        Foundation.exit(0)
    }

    private static func fail(_ line: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data(SafeText.escaped(line, keepingLineBreaks: true).utf8))
        Foundation.exit(status)
    }
}
