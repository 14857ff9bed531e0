import CGLib
import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotMPRIS
import EarshotPlayback
import EarshotService
import EarshotStore
import Foundation

/// Runs the daemon on the default main context: `SessionBuilder` makes the Core graph (store, library,
/// engine, session, restored where it was left), this puts it on the bus — the MPRIS object (Player,
/// Playlists), org.earshot.Earshot1 and the desktop's search — and runs the loop until Quit,
/// SIGTERM/SIGINT or the loss of the bus, saving progress on the way out.
///
/// A cold start restores from the store before the network is touched: the name is owned and the
/// current episode is loaded (paused, at its saved position, with full metadata) first; the refresh of
/// every podcast follows, and repeats every `refreshMinutes`.
final class Daemon {
    private let context: MainContext
    private let loop: MainLoop
    private let builder: SessionBuilder
    private let refreshMinutes: UInt32
    private let artDirectory: URL

    init(requestedFeed: URL?, audioSink: String?, refreshMinutes: UInt32, databasePath: String, artDirectory: URL,
         listening: ListeningOptions = ListeningOptions(), finding: FindingOptions = FindingOptions(), downloadFolder: URL,
         downloadDefaults: DownloadSettings) {
        let context = MainContext.threadDefault(), credentials = FeedCredentials()
        self.context = context
        builder = SessionBuilder(context: context, credentials: credentials, loader: FeedLoader(credentials: credentials),
                                 requestedFeed: requestedFeed, audioSink: audioSink, databasePath: databasePath,
                                 downloadFolder: downloadFolder, downloadDefaults: downloadDefaults, listening: listening, finding: finding)
        self.refreshMinutes = refreshMinutes
        self.artDirectory = artDirectory
        loop = MainLoop(context: context)
    }

    func run() throws {
        let built = try builder.build()
        defer { withExtendedLifetime(built) {} }  // the instance lock is held until run() returns
        let session = built.session, store = built.ground.store, background = built.ground.background
        let art = ArtCache(directory: artDirectory, credentials: builder.credentials)
        let bridge = MPRISPlayer(session: session, art: art)
        let libraryInterface = LibraryInterface(session: session, store: store, namespaces: store, background: background, bridge: bridge)
        let syncSetup = SyncSetup(session: session, store: store, background: background,
                                  passwords: SyncPasswords(file: built.configurationFolder.appendingPathComponent("sync-password")),
                                  hostName: SessionBuilder.hostName)
        libraryInterface.syncSetup = syncSetup
        let searchIndex = SearchIndexUpkeep(store: store, background: background, log: { Log.message($0) })
        libraryInterface.searchIndex = searchIndex
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
        let libraryObject: ExportedObject
        let searchObject: ExportedObject?
        do {
            connection = try BusConnection.session(context: context)
            adapter = try MPRISAdapter(connection: connection, control: bridge, playlists: bridge,
                                       supportedMimeTypes: (try? DecoderCatalog.supportedMimeTypes()) ?? [])
            libraryObject = try libraryInterface.export(on: connection)
            searchObject = try session.desktopSearch.map { search throws(BusError) in try DesktopSearchObject.export(search, on: connection) }
            let name = try adapter.requestBusName()
            Log.message("serving MPRIS as \(name): \(session.library.podcasts.count) podcasts")
        } catch {
            // TRANSLATORS: the daemon cannot take its names on the session bus; %s is the bus's own message.
            throw CommandFailure(tr("cannot serve on the session bus: %s", "\(error)"))
        }
        let announcements = BusAnnouncements(session: session, bridge: bridge, adapter: adapter)
        let listChanges = ListChanges(session: session, object: libraryObject, context: context)
        let downloadProgress = DownloadProgressSignal(session: session, object: libraryObject)
        let notifier = DesktopNotifier(connection: connection, icon: BundledData.icon)
        session.notify(through: notifier, art: art)
        session.desktopSearch?.connect(art: art, notifier: notifier)
        bridge.onQuit = { [loop] in
            Log.message("quitting at a client's request")
            loop.quit()
        }
        connection.onDisconnect = { [loop] reason in
            Log.warning("lost the session bus (\(reason)); quitting")
            loop.quit()
        }
        // Whether the connection is metered is known before the automatic work begins.
        let refreshMinutes = self.refreshMinutes
        let meter = NetworkMeter(context: context, changed: { [weak session, weak art] metered in
            art?.paused = metered
            session?.networkChanged(metered: metered)
        },
                                 known: { [weak session] in session?.begin(refreshingEvery: .seconds(Int64(refreshMinutes) * 60)) })
        defer { withExtendedLifetime(meter) {} }
        syncSetup.resume()
        searchIndex.start()  // after the name is owned: filling a big index takes minutes
        Heap.returnFreeMemory()  // what start-up parsed and read back
        loop.run()
        signals.forEach { g_source_remove($0) }
        announcements.stop()
        listChanges.stop()
        downloadProgress.stop()
        session.end()
        searchIndex.stop()
        background.drain()
        built.feedPasswords.drain()
        adapter.unexport()
        libraryObject.unexport()
        searchObject?.unexport()
        connection.flush()
        connection.close()
    }
}
