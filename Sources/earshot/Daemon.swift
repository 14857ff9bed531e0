import CGLib
import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotPlayback
import Foundation

/// Builds the daemon's object graph on the default main context — feed loader, playback engine,
/// session, bus connection, MPRIS adapter — and runs the loop until Quit, SIGTERM/SIGINT or the loss
/// of the bus.
final class Daemon {
    private let context = MainContext.threadDefault()
    private let loop: MainLoop
    private let feedURL: URL
    private let audioSink: String?
    private let loader = FeedLoader()

    init(feedURL: URL, audioSink: String?) {
        self.feedURL = feedURL
        self.audioSink = audioSink
        loop = MainLoop(context: context)
    }

    func run() throws {
        let channel = try loadFeed()
        let engine: PlaybackEngine
        do {
            engine = try PlaybackEngine(audioSink: audioSink)
        } catch {
            throw CommandFailure("cannot start audio playback: \(error)")
        }
        let session = Session(channel: channel, engine: engine, loader: loader)
        let connection: BusConnection
        let adapter: MPRISAdapter
        do {
            connection = try BusConnection.session(context: context)
            adapter = try MPRISAdapter(connection: connection, control: session,
                                       supportedMimeTypes: (try? DecoderCatalog.supportedMimeTypes()) ?? [])
            let name = try adapter.requestBusName()
            Log.message("serving MPRIS as \(name): \(channel.title ?? feedURL.absoluteString), \(channel.episodes.count) episodes")
        } catch {
            throw CommandFailure("cannot serve on the session bus: \(error)")
        }
        session.onChange = { [weak adapter] in adapter?.stateChanged() }
        session.onSeeked = { [weak adapter] in adapter?.seeked(to: $0) }
        session.onQuit = { [loop] in
            Log.message("quitting at a client's request")
            loop.quit()
        }
        connection.onDisconnect = { [loop] reason in
            Log.warning("lost the session bus (\(reason)); quitting")
            loop.quit()
        }
        let signals = [SIGTERM, SIGINT].map { signal in
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                Log.message("quitting on a signal")
                Unmanaged<MainLoop>.fromOpaque(data!).takeUnretainedValue().quit()
                return 1  // G_SOURCE_CONTINUE: removed below, once the loop has returned
            }, Unmanaged.passRetained(loop).toOpaque(), { data in Unmanaged<MainLoop>.fromOpaque(data!).release() })
        }
        loop.run()
        signals.forEach { g_source_remove($0) }
        try? session.stop()
        adapter.unexport()
        connection.flush()
        connection.close()
    }

    /// Loads the feed before anything is served; a feed that cannot be read ends the daemon with a
    /// clear line.
    private func loadFeed() throws -> Channel {
        var result: Result<Channel, FeedError>?
        loader.load(feedURL) { result = $0 }
        while result == nil { context.iterate(mayBlock: true) }
        switch result! {
        case .success(let channel):
            if DemoFeed.url() != feedURL { try? LastFeed.write(feedURL) }
            return channel
        case .failure(let error):
            throw CommandFailure("\(feedURL.absoluteString): \(error)")
        }
    }
}
