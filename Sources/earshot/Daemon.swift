import CGLib
import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotPlayback
import EarshotStore
import Foundation

/// Builds the daemon's object graph on the default main context — store, feed loader, art cache,
/// playback engine, session, bus connection, MPRIS adapter — and runs the loop until Quit, SIGTERM/
/// SIGINT or the loss of the bus, saving progress on the way out.
///
/// A cold start restores from the store before the network is touched: the name is owned and the
/// current episode is loaded (paused, at its saved position, with full metadata) first; the refresh
/// follows, and repeats every `refreshMinutes`.
final class Daemon {
    private let context = MainContext.threadDefault()
    private let loop: MainLoop
    private let requestedFeed: URL?
    private let audioSink: String?
    private let refreshMinutes: UInt32
    private let databasePath: String
    private let artDirectory: URL
    private let loader = FeedLoader()

    init(requestedFeed: URL?, audioSink: String?, refreshMinutes: UInt32, databasePath: String, artDirectory: URL) {
        self.requestedFeed = requestedFeed
        self.audioSink = audioSink
        self.refreshMinutes = refreshMinutes
        self.databasePath = databasePath
        self.artDirectory = artDirectory
        loop = MainLoop(context: context)
    }

    func run() throws {
        // One daemon per state folder, locked before the store opens and held until run() returns.
        let lock = try InstanceLock(databasePath: databasePath)
        defer { withExtendedLifetime(lock) {} }
        let store: Store
        do {
            store = try Store(path: databasePath)
        } catch {
            throw CommandFailure("cannot open the database: \(error)")
        }
        let (session, restored, serving) = try makeSession(store: store)
        // SIGTERM and SIGINT are handled from before the name is owned: a client (or systemd) that sees the
        // daemon up may stop it at once, and it must still end cleanly. Nothing iterates the context until
        // the loop runs, so a signal caught earlier is dispatched there.
        let signals = [SIGTERM, SIGINT].map { signal in
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                Log.message("quitting on a signal")
                Unmanaged<MainLoop>.fromOpaque(data!).takeUnretainedValue().quit()
                return 1  // G_SOURCE_CONTINUE: removed below, once the loop has returned
            }, Unmanaged.passRetained(loop).toOpaque(), { data in Unmanaged<MainLoop>.fromOpaque(data!).release() })
        }
        let connection: BusConnection
        let adapter: MPRISAdapter
        do {
            connection = try BusConnection.session(context: context)
            adapter = try MPRISAdapter(connection: connection, control: session,
                                       supportedMimeTypes: (try? DecoderCatalog.supportedMimeTypes()) ?? [])
            let name = try adapter.requestBusName()
            Log.message("serving MPRIS as \(name): \(serving)")
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
        // A feed restored from the store is refreshed now; one just fetched, at the next interval.
        if restored { session.refresh() }
        let refreshes = context.addTimeout(milliseconds: refreshMinutes * 60_000) { [weak session] in
            session?.refresh()
            return true
        }
        session.returnFreeMemory()  // what start-up parsed and read back (a first fetch of a large feed)
        loop.run()
        signals.forEach { g_source_remove($0) }
        refreshes.cancel()
        session.saveProgress(leaving: false)
        try? session.stop()
        adapter.unexport()
        connection.flush()
        connection.close()
    }

    /// The session over the feed to serve, whether that feed came from the store, and a line naming it.
    /// The feed comes first, so that a feed that cannot be had is the one line printed (before any audio
    /// output is tried); the outline read at start belongs to the session alone (a refresh replaces it).
    private func makeSession(store: Store) throws -> (Session, restored: Bool, serving: String) {
        let (stored, restored) = try feedToServe(store)
        let serving = "\(stored.channel.title ?? stored.url.absoluteString), \(stored.episodes.count) episodes"
        let engine: PlaybackEngine
        do {
            engine = try PlaybackEngine(audioSink: audioSink)
        } catch {
            throw CommandFailure("cannot start audio playback: \(error)")
        }
        do {
            let session = try Session(feed: stored, store: store, engine: engine, loader: loader,
                                      art: ArtCache(directory: artDirectory))
            return (session, restored, serving)
        } catch {
            throw CommandFailure("cannot read the stored progress: \(error)")
        }
    }

    /// The feed to serve and whether it came from the store. `--feed` names it (restored when stored,
    /// else fetched); without it, the current feed in the store; with an empty store, the bundled demo.
    private func feedToServe(_ store: Store) throws -> (FeedOutline, restored: Bool) {
        do {
            if let requestedFeed {
                if let stored = try store.outline(url: requestedFeed) { return (stored, true) }
                return (try fetchAndStore(requestedFeed, store), false)
            }
            if let current = try store.current(), let stored = try store.outline(id: current.feed) { return (stored, true) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot read the database: \(error)")
        }
        guard let demo = DemoFeed.url() else {
            throw CommandFailure("no feed yet: start with --feed URL (later runs remember it)")
        }
        Log.message("no feed configured yet: playing the bundled demo feed (use --feed URL for your own)")
        if let stored = try? store.outline(url: demo) { return (stored, true) }
        return (try fetchAndStore(demo, store), false)
    }

    /// Fetches a feed that is not stored yet (waiting on the loop) and stores it.
    private func fetchAndStore(_ url: URL, _ store: Store) throws -> FeedOutline {
        var result: Result<FeedFetchResult, FeedError>?
        loader.fetch(url) { result = $0 }
        while result == nil { context.iterate(mayBlock: true) }
        switch result! {
        case .success(.fetched(let fetched)):
            do {
                let id = try store.saveFeed(fetched.feed.channel, url: url, validators: fetched.validators)
                if let moved = fetched.permanentURL ?? fetched.feed.channel.newFeedURL, moved != url {
                    do { try store.moveFeed(id, to: moved) } catch { Log.warning("keeping \(url.absoluteString): \(error)") }
                }
                guard let stored = try store.outline(id: id) else { throw CommandFailure("the feed vanished from the database") }
                return stored
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure("cannot store \(url.absoluteString): \(error)")
            }
        case .success(.notModified):
            throw CommandFailure("\(url.absoluteString): the server answered 304 to an unconditional request")
        case .failure(let error):
            throw CommandFailure("\(url.absoluteString): \(error)")
        }
    }
}
