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
              earshot                     # the feed used last time
              EARSHOT_AUDIO_SINK="fakesink sync=true" earshot --feed feed.xml
              playerctl -p earshot play-pause
            """)

    @Option(help: "The feed: an http, https or file URL, or a local path. Default: the feed used last time, else the bundled demo feed.")
    var feed: String?

    @Option(help: "GStreamer audio output, as for gst-launch (e.g. \"pulsesink\"). Default: $EARSHOT_AUDIO_SINK, else autoaudiosink.")
    var audioSink: String?

    @Flag(help: "Log debug lines too.")
    var verbose = false

    func run() throws {
        if verbose { g_setenv("G_MESSAGES_DEBUG", "earshot", 1) }
        let url = try resolveFeed()
        let daemon = Daemon(feedURL: url, audioSink: audioSink)
        try daemon.run()
    }

    private func resolveFeed() throws -> URL {
        if let feed {
            guard let url = FeedAddress.url(from: feed) else {
                throw CommandFailure("“\(feed)” is neither a URL nor an existing file")
            }
            return url
        }
        if let last = LastFeed.read() { return last }
        guard let demo = DemoFeed.url() else {
            throw CommandFailure("no feed yet: start with --feed URL (later runs remember it)")
        }
        Log.message("no feed configured yet: playing the bundled demo feed (use --feed URL for your own)")
        return demo
    }
}
