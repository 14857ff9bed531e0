import ArgumentParser

/// `earshot set PODCAST KEY VALUE` (a podcast's setting) and `earshot set all KEY VALUE` (the setting of
/// the whole library: the default of every podcast without its own, and the download settings).
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a setting of a podcast, or of the whole library with “all”.",
        discussion: """
            Settings of a podcast (or, with all, the default of every podcast):
              auto-queue on|off      new episodes found by a refresh go to the end of Up Next
              auto-download on|off   new episodes found by a refresh are downloaded (default off)
            Settings of the whole library (with all only):
              download-ahead N       the first N of Up Next are kept downloaded (default 3; 0: none)
              max-downloads N        downloads at once, 1 to 16 (default 2; one per server)
              download-grace TIME    how long a finished episode's file stays: 12h, 1d, 2w, never (default 1d)
              download-budget SIZE   the disk the files may take: 500MB, 2GiB, unlimited (default 2GiB)
            A podcast whose title contains “all” can be named by its number.
            Examples:
              earshot set "daily news" auto-queue off
              earshot set 3 auto-download on
              earshot set all download-ahead 5
              earshot set all download-budget 10GiB
            """)

    /// Settings of a podcast (or their default for all), with on/off values.
    static let podcastSettings = ["auto-queue", "auto-download"]
    /// Settings of the whole library, with their own values.
    static let librarySettings = ["download-ahead", "max-downloads", "download-grace", "download-budget"]

    @Argument(help: ArgumentHelp("The podcast: its number, part of its title, or all.", valueName: "podcast|all"))
    var podcast: Reference

    @Argument(help: ArgumentHelp("The setting (see below).", valueName: "setting"))
    var key: String

    @Argument(help: ArgumentHelp("on or off, a number, a time or a size (see below).", valueName: "value"))
    var value: String

    private var isAll: Bool { podcast == .text("all") }

    func validate() throws {
        let known = Self.podcastSettings + Self.librarySettings
        guard known.contains(key) else {
            throw ValidationError("unknown setting “\(key)” (known: \(known.joined(separator: ", ")))")
        }
        if Self.podcastSettings.contains(key), Switch(argument: value) == nil {
            throw ValidationError("\(key) is on or off, not “\(value)”")
        }
        if Self.librarySettings.contains(key), !isAll {
            throw ValidationError("\(key) is a setting of the whole library: earshot set all \(key) \(value)")
        }
    }

    func run() throws {
        let client = try DaemonClient()
        if let flag = Switch(argument: value), Self.podcastSettings.contains(key) {
            if isAll {
                try client.set(key, to: .boolean(flag == .on), podcast: 0)
                return Console.print("\(key) is \(flag.rawValue) for podcasts without their own setting.")
            }
            let chosen = try Resolver(client: client).podcast(podcast)
            try client.set(key, to: .boolean(flag == .on), podcast: chosen.id)
            return Console.print("\(key) is \(flag.rawValue) for “\(chosen.displayTitle)”.")
        }
        try client.set(key, to: .string(value), podcast: 0)
        Console.print("\(key) is \(value).")
    }

    /// On or off, as a person may type it.
    enum Switch: String {
        case on, off
        init?(argument: String) {
            switch argument.lowercased() {
            case "on", "true", "yes", "1": self = .on
            case "off", "false", "no", "0": self = .off
            default: return nil
            }
        }
    }
}
