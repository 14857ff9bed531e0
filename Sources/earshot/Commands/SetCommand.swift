import ArgumentParser
import EarshotLocale
import EarshotMPRIS

/// `earshot set PODCAST|all SETTING VALUE`: changes a setting of one podcast, or (with `all`) the
/// default of every podcast without its own. The daemon knows the settings and checks the values; an
/// unknown one is its one-line error.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: tr("Change a setting of a podcast, or of all podcasts."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Settings of a podcast (with all: the default of every podcast without its own):
              auto-queue on|off      new episodes found by a refresh go to the end of Up Next
              notify on|off          a desktop notification when a refresh finds new episodes
              auto-download on|off   new episodes found by a refresh are downloaded (default off)
              speed 0.5–3.0          playback speed, pitch kept (a Rate set through MPRIS sets it too)
              remember-speed on|off  whether that Rate becomes the podcast's speed (default on)
              trim-silence on|off    shorten silences (earshot status shows the time saved)
              voice-boost on|off     lift quiet speech
              skip-intro SECONDS     an episode starting from the beginning starts there
              skip-outro SECONDS     the episode counts as ended this long before its end
            Settings of the whole library (with all only):
              download-ahead N       the first N of Up Next are kept downloaded (default 3; 0: none)
              max-downloads N        downloads at once, 1 to 16 (default 2; one per server)
              download-grace TIME    how long a finished episode's file stays: 12h, 1d, 2w, never (default 1d)
              download-budget SIZE   the disk the files may take: 500MB, 2GiB, unlimited (default 2GiB)
            Examples:
              earshot set "daily news" auto-queue off
              earshot set all notify off
              earshot set "daily news" speed 1.4
              earshot set all trim-silence on
              earshot set 3 auto-download on
              earshot set all download-ahead 5
            """))

    @Argument(
        help: ArgumentHelp(tr("The podcast (its number or part of its title), or “all” for the default of every podcast."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")),
        completion: .custom(SettingCompletions.podcastsOrAll))
    var podcast: String

    @Argument(help: ArgumentHelp(tr("The setting (see above)."), valueName: trc("value name in usage, as in earshot play <episode>", "setting")), completion: .custom(SettingCompletions.keys))
    var key: String

    @Argument(help: ArgumentHelp(tr("Its value: on or off, a number, or text."), valueName: trc("value name in usage, as in earshot play <episode>", "value")), completion: .custom(SettingCompletions.values))
    var value: String

    func run() throws {
        let client = try DaemonClient()
        let typed = Self.typed(value)
        if podcast.lowercased() == "all" {
            try client.set(key, to: typed, podcast: 0)
            // TRANSLATORS: %1$s is a setting's key (auto-queue), %2$s its new value as typed (off).
            return Console.print(tr("%1$s is %2$s for every podcast without its own setting.", key, value))
        }
        guard let reference = Reference(argument: podcast) else { throw ValidationError(tr("name a podcast, or all")) }
        let chosen = try Resolver(client: client).podcast(reference)
        try client.set(key, to: typed, podcast: chosen.id)
        // TRANSLATORS: %1$s is a setting's key (auto-queue), %2$s its new value as typed (off), %3$s a podcast's title.
        Console.print(tr("%1$s is %2$s for “%3$s”.", key, value, chosen.displayTitle))
    }

    /// on/off (and true/false, yes/no) as a boolean, a number as a double, anything else as text.
    static func typed(_ text: String) -> DBusValue {
        switch text.lowercased() {
        case "on", "true", "yes": return .boolean(true)
        case "off", "false", "no": return .boolean(false)
        default: return Double(text).map(DBusValue.double) ?? .string(text)
        }
    }
}
