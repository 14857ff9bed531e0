import EarshotLocale

/// The manual's account of every subcommand, written from the command tree (`CommandDump`): for
/// each one its synopsis, what it does, its discussion, and each argument, option and flag.
enum CommandsSection {
    /// Appends one subsection per visible subcommand of `root`, depth first (`queue`, then `queue add`…).
    static func write(_ root: CommandDump, into page: inout Roff) {
        for command in root.visibleSubcommands {
            write(command, path: [root.commandName], into: &page)
        }
    }

    private static func write(_ command: CommandDump, path: [String], into page: inout Roff) {
        let names = path + [command.commandName]
        page.subsection(synopsis(names, command))
        if let abstract = command.abstract, !abstract.isEmpty { page.paragraph(abstract) }
        if let discussion = command.discussion, !discussion.isEmpty { page.prose(discussion) }
        if let fallback = command.defaultSubcommand {
            // TRANSLATORS: %1$s is a command (earshot queue), %2$s its subcommand that runs when none is given (list).
            page.paragraph(tr("Without a subcommand, %1$s is %1$s %2$s.", names.joined(separator: " "), fallback))
        }
        let arguments = command.visibleArguments
        if !arguments.isEmpty {
            page.request("PP")
            for argument in arguments { page.item(tag(argument), help(argument)) }
        }
        for subcommand in command.visibleSubcommands {
            write(subcommand, path: names, into: &page)
        }
    }

    /// `earshot queue add [--at n] episode ...` in roff: the words to type in bold, values in italics.
    static func synopsis(_ names: [String], _ command: CommandDump) -> String {
        var parts = [Roff.bold(names.joined(separator: " "))]
        if !command.visibleSubcommands.isEmpty {
            parts.append("[" + Roff.italic(trc("value name in usage, as in earshot play <episode>", "subcommand")) + "]")
        }
        for argument in command.visibleArguments {
            var usage = tag(argument, preferredOnly: true)
            if argument.isRepeating { usage += " .\\|.\\|." }
            parts.append(argument.isOptional ? "[" + usage + "]" : usage)
        }
        return parts.joined(separator: " ")
    }

    /// How an argument is written: `--at n`, `-h, --help`, or the value's name for a positional one.
    static func tag(_ argument: ArgumentDump, preferredOnly: Bool = false) -> String {
        let value = Roff.italic(argument.valueName ?? trc("value name in usage, as in earshot play <episode>", "value"))
        switch argument.kind {
        case .positional:
            return value
        case .flag, .option:
            let spellings = preferredOnly ? [argument.preferredName?.spelled ?? argument.spellings.first ?? ""] : argument.spellings
            let names = spellings.map(Roff.bold).joined(separator: ", ")
            return argument.kind == .option ? names + " " + value : names
        }
    }

    /// What an argument means, and its default where the definition gives one.
    static func help(_ argument: ArgumentDump) -> String {
        var lines = [ParserText().abstract(argument.abstract ?? "")]
        if let discussion = argument.discussion, !discussion.isEmpty { lines.append(discussion) }
        if let value = argument.defaultValue, argument.kind != .flag {
            // TRANSLATORS: %s is a default value as it is typed (20, 1d).
            let line = tr("Default: %s.", value)
            // A help text that gives its default (Default: the end.) says it once.
            if !(argument.abstract ?? "").contains(line.prefix { $0 != ":" }) { lines.append(line) }
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
