import ArgumentParser
import CGLib
import EarshotGLib
import Foundation

/// `earshot [serve] [--feed URL] [--audio-sink DESC] [--verbose]`: the daemon on the session bus.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve MPRIS on the session bus (the default command).",
        discussion: """
            Loads the feed, selects its newest episode (paused at the start) and answers media keys,
            the GNOME and KDE media widgets and playerctl until it is told to quit.

            Examples:
              earshot --feed https://example.com/podcast.xml
              earshot                     # the current feed, restored where you left it
              EARSHOT_AUDIO_SINK="fakesink sync=true" earshot --feed feed.xml
              playerctl -p earshot play-pause
            """)

    @Option(help: "The feed: an http, https or file URL, or a local path. Default: the current feed, else the bundled demo feed.")
    var feed: String?

    @Option(help: "GStreamer audio output, as for gst-launch (e.g. \"pulsesink\"). Default: $EARSHOT_AUDIO_SINK, else autoaudiosink.")
    var audioSink: String?

    @Flag(help: "Log debug lines too.")
    var verbose = false

    @Option(help: "Minutes between feed refreshes.")
    var refreshInterval: UInt32 = 30

    func run() throws {
        if verbose { g_setenv("G_MESSAGES_DEBUG", "earshot", 1) }
        guard refreshInterval > 0 else { throw CommandFailure("--refresh-interval must be at least 1 minute") }
        var requested: URL?
        if let feed {
            guard let url = FeedAddress.url(from: feed) else {
                throw CommandFailure("“\(feed)” is neither a URL nor an existing file")
            }
            requested = url
        }
        try Daemon(requestedFeed: requested, audioSink: audioSink, refreshMinutes: refreshInterval).run()
    }
}
