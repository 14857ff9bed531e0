import ArgumentParser
import Foundation

/// A command as ArgumentParser describes it with `--experimental-dump-help` (its ToolInfo, version 0):
/// names, help texts, arguments and subcommands. The manual's COMMANDS section is written from this,
/// so the page says what the command definitions say.
struct CommandDump: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool
    var defaultSubcommand: String?
    var arguments: [ArgumentDump]?
    var subcommands: [CommandDump]?

    /// The tree of `command`, asked of ArgumentParser in this process.
    static func of(_ command: ParsableCommand.Type) throws -> CommandDump {
        let json: String
        do {
            _ = try command.parseAsRoot(["--experimental-dump-help"])
            throw CommandFailure("ArgumentParser did not describe \(command)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            json = command.fullMessage(for: error)
        }
        struct Envelope: Decodable { var command: CommandDump }
        return try JSONDecoder().decode(Envelope.self, from: Data(json.utf8)).command
    }

    /// The subcommands a person sees (not hidden ones, nor ArgumentParser's own `help`).
    var visibleSubcommands: [CommandDump] {
        (subcommands ?? []).filter { $0.shouldDisplay && $0.commandName != "help" }
    }

    /// The arguments, options and flags a person sees, less `--help` and `--version`, which every
    /// command has (the manual gives them once, under OPTIONS).
    var visibleArguments: [ArgumentDump] {
        (arguments ?? []).filter { $0.shouldDisplay && !["help", "version"].contains($0.preferredName?.name) }
    }

    /// Every argument a person sees, `--help` and `--version` included.
    var allVisibleArguments: [ArgumentDump] { (arguments ?? []).filter(\.shouldDisplay) }
}

/// One argument, option or flag of a `CommandDump`.
struct ArgumentDump: Decodable {
    enum Kind: String, Decodable { case positional, option, flag }

    /// A spelling of an option: `--name`, `-n` or `-name`.
    struct Name: Decodable {
        var kind: String
        var name: String

        var spelled: String {
            switch kind {
            case "long": "--" + name
            case "short": "-" + name
            default: "-" + name
            }
        }
    }

    var kind: Kind
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var defaultValue: String?
    var isOptional: Bool
    var isRepeating: Bool
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool

    /// Every spelling, `-h, --help` style.
    var spellings: [String] { (names ?? []).map(\.spelled) }
}
