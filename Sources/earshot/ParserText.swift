import EarshotLocale
import Foundation

/// ArgumentParser's own English in what Earshot prints, in the listener's language. ArgumentParser has
/// no way to localise its words, so the help's headings (OVERVIEW:, USAGE:, OPTIONS:…), the help of its
/// built-in `--help` and `--version`, and its common parse errors are recognised as whole lines (or a
/// line's known start) and replaced with their translation. A line not recognised stays as ArgumentParser
/// wrote it, so English comes out byte for byte as before.
struct ParserText: Sendable {
    /// Translates a message marked with `N_` and fills its placeholders with the values, in order.
    typealias Translator = @Sendable (StaticString, [String]) -> String

    /// Earshot's catalogue (gettext).
    @Sendable static func catalogue(_ message: StaticString, _ values: [String]) -> String {
        switch values.count {
        case 0: tr(marked: message)
        case 1: tr(marked: message, values[0])
        default: tr(marked: message, values[0], values[1])
        }
    }

    // TRANSLATORS: ArgumentParser's help (earshot --help): the headings keep their colon; %s is the rest of
    // the line (the command's summary, or how it is called). Translated as man pages and other commands do.
    static let headings: [StaticString] = [N_("OVERVIEW: %s"), N_("USAGE: %s"), N_("ARGUMENTS:"), N_("OPTIONS:"), N_("SUBCOMMANDS:")]

    // TRANSLATORS: the last line of earshot --help; %s is a command to type (earshot help <subcommand>).
    static let detailedHelp = N_("See '%s' for detailed help.")

    // TRANSLATORS: ArgumentParser's note after an option's help in earshot --help; %s is its default value (20).
    static let defaultValue = N_("(default: %s)")

    /// The help of the options every command has.
    static let builtInHelp: [StaticString] = [N_("Show help information."), N_("Show the version.")]

    // TRANSLATORS: ArgumentParser's errors for a command line it cannot read; %s is what was typed or
    // expected (--json, <episode>), quoted as it is.
    static let errorLines: [StaticString] = [
        N_("Missing expected argument '%s'"), N_("Missing one of: '%s'"), N_("Missing value for '%s'"),
        // TRANSLATORS: see "Missing expected argument '%s'".
        N_("Missing required subcommand."), N_("Unknown option '%s'"), N_("Unknown option '%1$s'. Did you mean '%2$s'?"),
        // TRANSLATORS: see "Missing expected argument '%s'".
        N_("Unexpected argument '%s'"), N_("Invalid option: %s"), N_("The value '%1$s' is invalid for '%2$s'"),
        // TRANSLATORS: see "Missing expected argument '%s'".
        N_("The option '%1$s' does not take any value, but '%2$s' was specified."),
    ]

    let translate: Translator

    init(translate: @escaping Translator = ParserText.catalogue) {
        self.translate = translate
    }

    /// Whether `text` is ArgumentParser's help for a command (not a version, a completion script or JSON).
    static func isHelp(_ text: String) -> Bool { text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ") }

    /// A whole help message, each line translated where it is one ArgumentParser writes itself.
    func help(_ text: String) -> String {
        var shift = 0  // how much longer the translated USAGE: is: its hanging lines move with it
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { rawLine in
            let line = String(rawLine)
            if line.hasPrefix("USAGE: ") {
                let translated = helpLine(line)
                shift = translated.count - line.count
                return translated
            }
            guard shift != 0, line.hasPrefix(String(repeating: " ", count: 7)) else {
                shift = 0
                return helpLine(line)
            }
            return shift > 0 ? String(repeating: " ", count: shift) + line : String(line.dropFirst(min(-shift, 7)))
        }.joined(separator: "\n")
    }

    /// One line of a parse error (without ArgumentParser's `Error: `), translated when it is a known one.
    func error(_ line: String) -> String {
        Self.errorLines.lazy.compactMap { match(line, $0) }.first ?? line
    }

    /// The help of an argument as ArgumentParser gives it: translated when it is a built-in option's.
    func abstract(_ text: String) -> String {
        Self.builtInHelp.first { $0.description == text }.map { translate($0, []) } ?? text
    }

    private func helpLine(_ line: String) -> String {
        if let translated = Self.headings.lazy.compactMap({ match(line, $0) }).first { return translated }
        let indent = String(line.prefix { $0 == " " })
        let content = String(line.dropFirst(indent.count))
        guard !indent.isEmpty else { return line }
        if let translated = match(content, Self.detailedHelp) { return indent + translated }
        // ArgumentParser's note of an option's default, at the end of its help: (default: 20).
        if let start = content.range(of: "(default: ", options: .backwards)?.lowerBound,
           let translated = match(String(content[start...]), Self.defaultValue) {
            return indent + String(content[..<start]) + translated
        }
        for message in Self.builtInHelp {
            let english = message.description
            // The option's help after its name, or alone on the next line when the name is long.
            if content == english || (content.hasPrefix("-") && content.hasSuffix("  " + english)) {
                return indent + String(content.dropLast(english.count)) + translate(message, [])
            }
        }
        return line
    }

    /// `message`'s translation when `line` is `message` with its placeholders filled, else nil.
    private func match(_ line: String, _ message: StaticString) -> String? {
        let pattern = Self.pattern(message.description)
        guard let found = pattern.regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
        var values = [String](repeating: "", count: pattern.order.count)
        for (group, position) in pattern.order.enumerated() {
            guard let range = Range(found.range(at: group + 1), in: line) else { return nil }
            values[position] = String(line[range])
        }
        return translate(message, values)
    }

    /// A message as a whole-line regular expression: each `%s`, `%d` or `%N$s` a group, and for each
    /// group the index of its value (a numbered placeholder's number, else its place).
    private static func pattern(_ message: String) -> (regex: NSRegularExpression, order: [Int]) {
        let placeholder = /%(?:(\d+)\$)?[sd]/
        var expression = "^", order: [Int] = [], rest = message[...]
        while let found = rest.firstMatch(of: placeholder) {
            expression += NSRegularExpression.escapedPattern(for: String(rest[..<found.range.lowerBound])) + "(.*)"
            order.append(found.output.1.flatMap { Int($0) }.map { $0 - 1 } ?? order.count)
            rest = rest[found.range.upperBound...]
        }
        expression += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        // The expression is made of escaped text and fixed groups: it always compiles.
        return (try! NSRegularExpression(pattern: expression), order)
    }
}
