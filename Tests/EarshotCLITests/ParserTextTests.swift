import ArgumentParser
import Testing
@testable import earshot

/// ArgumentParser's English in Earshot's help and parse errors, translated line by line (`ParserText`):
/// with a stand-in catalogue, the known headings, built-in options and errors change and nothing else
/// does; with Earshot's own catalogue in the C locale, the text is byte for byte ArgumentParser's.
@Suite("ArgumentParser's words in the help and the parse errors, translated")
struct ParserTextTests {
    /// A catalogue in pretend German: the messages it knows, filled in order like gettext's `%s`.
    static let german: [String: String] = [
        "OVERVIEW: %s": "ÜBERSICHT: %s", "USAGE: %s": "AUFRUF: %s", "ARGUMENTS:": "ARGUMENTE:", "OPTIONS:": "OPTIONEN:",
        "SUBCOMMANDS:": "UNTERBEFEHLE:", "See '%s' for detailed help.": "Mehr mit '%s'.",
        "Show help information.": "Hilfe zeigen.", "(default: %s)": "(Vorgabe: %s)", "Show the version.": "Version zeigen.",
        "Unknown option '%s'": "Unbekannte Option '%s'",
        "Unknown option '%1$s'. Did you mean '%2$s'?": "Unbekannte Option '%1$s'. Meinten Sie '%2$s'?",
        "The value '%1$s' is invalid for '%2$s'": "'%2$s' nimmt '%1$s' nicht",
    ]

    static let parser = ParserText { message, values in
        guard var text = german[message.description] else { return message.description }
        for (index, value) in values.enumerated() {
            let numbered = "%\(index + 1)$s"
            if let range = text.range(of: numbered) ?? text.range(of: "%s") { text.replaceSubrange(range, with: value) }
        }
        return text
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test(arguments: [[], ["queue"], ["queue", "add"], ["play"], ["generate-manual"]])
    func englishHelpComesOutByteForByteInTheCLocale(path: [String]) throws {
        let help = try Self.help(path)
        #expect(ParserText.isHelp(help))
        #expect(ParserText().help(help) == help)
    }

    @Test func theHeadingsAndTheBuiltInOptionsAreTranslatedAndNothingElse() throws {
        let help = try Self.help(["queue"])
        let translated = Self.parser.help(help)
        let before = Self.lines(help), after = Self.lines(translated)
        #expect(before.count == after.count)
        #expect(after.first == "ÜBERSICHT: Show or change Up Next, the episodes that play next.")
        #expect(after.contains { $0.hasPrefix("AUFRUF: earshot queue ") })
        #expect(after.contains("OPTIONEN:"))
        #expect(after.contains("UNTERBEFEHLE:"))
        #expect(after.contains("  Mehr mit 'earshot help queue <subcommand>'."))
        #expect(after.contains { $0.hasPrefix("  -h, --help") && $0.hasSuffix("  Hilfe zeigen.") })
        let changed = zip(before, after).filter { $0 != $1 }.map(\.0)
        #expect(changed.allSatisfy { line in
            ["OVERVIEW: ", "USAGE: ", "OPTIONS:", "SUBCOMMANDS:", "  See '", "  -h, --help", "  --version"].contains { line.hasPrefix($0) }
        }, "\(changed)")
    }

    @Test func theRootsVersionOptionIsTranslatedToo() throws {
        let translated = Self.parser.help(try Self.help([]))
        #expect(Self.lines(translated).contains { $0.hasPrefix("  --version") && $0.hasSuffix("  Version zeigen.") })
    }

    @Test func anOptionsDefaultIsTranslatedAtTheEndOfItsHelpOnly() throws {
        let after = Self.lines(Self.parser.help(try Self.help(["find"])))
        #expect(after.contains { $0.hasPrefix("  --limit <limit>") && $0.hasSuffix("At most this many hits (1 to 200). (Vorgabe: 20)") })
        let own = "OVERVIEW: x\n\n  <episode>   The episode (default: the current one).\n  --n <n>     A (default: 3) b"
        #expect(Self.parser.help(own) == "ÜBERSICHT: x\n\n  <episode>   The episode (default: the current one).\n  --n <n>     A (default: 3) b")
    }

    @Test func theUsagesHangingLinesMoveWithTheTranslatedHeading() {
        let help = "USAGE: earshot x <a>\n       <b>\n\nOPTIONS:\n       --not-usage"
        #expect(Self.parser.help(help) == "AUFRUF: earshot x <a>\n        <b>\n\nOPTIONEN:\n       --not-usage")
    }

    @Test func aHeadingWordInsideALineIsLeftAlone() {
        let text = "OVERVIEW: x\n\n  --y  The OPTIONS: and USAGE: of it. Show help information.\n   OPTIONS:"
        #expect(Self.parser.help(text) == "ÜBERSICHT: x\n\n  --y  The OPTIONS: and USAGE: of it. Show help information.\n   OPTIONS:")
    }

    @Test func knownParseErrorsAreTranslatedWithWhatWasTyped() {
        #expect(Self.parser.error("Unknown option '--jsn'") == "Unbekannte Option '--jsn'")
        #expect(Self.parser.error("Unknown option '--jsn'. Did you mean '--json'?") == "Unbekannte Option '--jsn'. Meinten Sie '--json'?")
        #expect(Self.parser.error("The value 'x' is invalid for '--at <n>'") == "'--at <n>' nimmt 'x' nicht")
    }

    @Test func anUnknownErrorLineStaysAsItIs() {
        #expect(Self.parser.error("--limit is 1 to 200") == "--limit is 1 to 200")
        #expect(Self.parser.error("Unknown option '--x' somewhere") == "Unknown option '--x' somewhere")
        #expect(ParserText().error("Unknown option '--jsn'") == "Unknown option '--jsn'")
    }

    @Test func theManualsBuiltInOptionsAreTranslatedButNoOtherHelp() {
        #expect(Self.parser.abstract("Show the version.") == "Version zeigen.")
        #expect(Self.parser.abstract("Print JSON.") == "Print JSON.")
    }

    /// `earshot PATH --help` as ArgumentParser writes it, 80 columns wide.
    static func help(_ path: [String]) throws -> String {
        do {
            // --help parses as ArgumentParser's help command, which throws the request when run.
            var command = try Earshot.parseAsRoot(path + ["--help"])
            guard "\(type(of: command))" == "HelpCommand" else { throw CommandFailure("--help parsed as \(type(of: command))") }
            try command.run()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            return Earshot.fullMessage(for: error, columns: 80)
        }
        throw CommandFailure("--help did not ask for help")
    }
}
