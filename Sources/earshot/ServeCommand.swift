import ArgumentParser
import CGLib
import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// `earshot [serve] [--feed URL] [--audio-sink DESC] [--refresh-interval MIN] [--state-dir DIR]
/// [--cache-dir DIR] [--verbose]`: the daemon on the session bus. Settings may also come from the
/// configuration file (see `Configuration`); flags win.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: tr("Serve MPRIS on the session bus (the default command)."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Loads the feed, selects its newest episode (paused at the start) and answers media keys,
            the GNOME and KDE media widgets and playerctl until it is told to quit.

            Examples:
              earshot --feed https://example.com/podcast.xml
              earshot                     # the current feed, restored where you left it
              EARSHOT_AUDIO_SINK="fakesink sync=true" earshot --feed feed.xml
              playerctl -p earshot play-pause
            """))

    @Option(help: ArgumentHelp(tr("The feed: an http, https or file URL, or a local path. Default: the current feed, else the bundled demo feed."), valueName: trc("value name in usage, as in earshot play <episode>", "feed")))
    var feed: String?

    @Option(help: ArgumentHelp(tr("GStreamer audio output, as for gst-launch (e.g. \"pulsesink\"). Default: $EARSHOT_AUDIO_SINK, else autoaudiosink."), valueName: trc("value name in usage, as in earshot play <episode>", "audio-sink")))
    var audioSink: String?

    @Option(help: ArgumentHelp(tr("Minutes between feed refreshes, 1 to 10080 (default 30)."), valueName: trc("value name in usage, as in earshot play <episode>", "refresh-interval")))
    var refreshInterval: UInt32?

    @Option(help: ArgumentHelp(tr("Where the database lives (default $XDG_STATE_HOME/earshot)."), valueName: trc("value name in usage, as in earshot play <episode>", "state-dir")))
    var stateDir: String?

    @Option(help: ArgumentHelp(tr("Where cover art is cached (default $XDG_CACHE_HOME/earshot)."), valueName: trc("value name in usage, as in earshot play <episode>", "cache-dir")))
    var cacheDir: String?

    @Flag(help: ArgumentHelp(tr("Log debug lines too.")))
    var verbose = false

    func run() throws {
        let file = try Configuration.load()
        if verbose || file.verbose == true { g_setenv("G_MESSAGES_DEBUG", "earshot", 1) }
        let minutes = refreshInterval ?? file.refreshInterval ?? UInt32(SettingsTable.defaultCount(SettingsTable.refreshInterval))
        guard (1...Configuration.maximumRefreshMinutes).contains(minutes) else {
            throw CommandFailure(tr("--refresh-interval must be from 1 to %d minutes (a week)", Int(Configuration.maximumRefreshMinutes)))
        }
        var requested: URL?
        if let feed = feed ?? file.feed {
            guard let url = FeedAddress.url(from: feed) else {
                throw CommandFailure(tr("“%s” is neither a URL nor an existing file", feed))
            }
            requested = url
        }
        let environment = ProcessInfo.processInfo.environment
        let state = (stateDir ?? file.stateDirectory).map { URL(fileURLWithPath: $0).appendingPathComponent("earshot.sqlite").path }
            ?? Store.defaultPath(environment: environment)
        let art = (cacheDir ?? file.cacheDirectory).map { URL(fileURLWithPath: $0).appendingPathComponent("art") }
            ?? ArtCache.defaultDirectory(environment: environment)
        try Daemon(requestedFeed: requested, audioSink: audioSink ?? file.audioSink, refreshMinutes: minutes,
                   databasePath: state, artDirectory: art, listening: file.listening, finding: file.finding,
                   downloadFolder: Downloads.defaultFolder(environment: environment), downloadDefaults: file.downloads).run()
    }
}
