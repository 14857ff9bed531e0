import ArgumentParser

/// `earshot set PODCAST auto-queue on|off`: changes a podcast's setting.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a setting of a podcast.",
        discussion: """
            Settings: auto-queue (on: new episodes found by a refresh go to the end of Up Next).
            Example:
              earshot set "daily news" auto-queue off
            """)

    /// On or off, as a person may type it.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
        init?(argument: String) {
            switch argument.lowercased() {
            case "on", "true", "yes", "1": self = .on
            case "off", "false", "no", "0": self = .off
            default: return nil
            }
        }
    }

    static let settings = ["auto-queue"]

    @Argument(help: "The podcast: its number or part of its title.")
    var podcast: Reference

    @Argument(help: ArgumentHelp("The setting: auto-queue.", valueName: "setting"))
    var key: String

    @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"))
    var value: Switch

    func validate() throws {
        guard Self.settings.contains(key) else {
            throw ValidationError("unknown setting “\(key)” (known: \(Self.settings.joined(separator: ", ")))")
        }
    }

    func run() throws {
        let client = try DaemonClient()
        let chosen = try Resolver(client: client).podcast(podcast)
        try client.set(key, to: .boolean(value == .on), podcast: chosen.id)
        Console.print("\(key) is \(value.rawValue) for “\(chosen.displayTitle)”.")
    }
}
