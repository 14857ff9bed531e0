import CGLib
import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotMPRIS
import EarshotPlayback
import EarshotService
import EarshotStore
import Foundation

/// Builds the daemon's object graph on the default main context — store, library, playback engine,
/// player, the MPRIS object (Player, Playlists) and org.earshot.Earshot1 — and runs the loop until Quit,
/// SIGTERM/SIGINT or the loss of the bus, saving progress on the way out.
///
/// A cold start restores from the store before the network is touched: the name is owned and the
/// current episode is loaded (paused, at its saved position, with full metadata) first; the refresh of
/// every podcast follows, and repeats every `refreshMinutes`.
final class Daemon {
    private let context = MainContext.threadDefault()
    private let loop: MainLoop
    private let requestedFeed: URL?
    private let audioSink: String?
    private let refreshMinutes: UInt32
    private let databasePath: String
    private let artDirectory: URL
    private let downloadFolder: URL
    private let downloadDefaults: DownloadSettings
    /// Private feeds' credentials, shared by every transfer (feeds, pages, art, downloads, playback).
    private let credentials = FeedCredentials()
    private let loader: FeedLoader
    private let listening: ListeningOptions
    private let finding: FindingOptions

    init(requestedFeed: URL?, audioSink: String?, refreshMinutes: UInt32, databasePath: String, artDirectory: URL,
         listening: ListeningOptions = ListeningOptions(), finding: FindingOptions = FindingOptions(), downloadFolder: URL,
         downloadDefaults: DownloadSettings) {
        self.listening = listening
        self.finding = finding
        self.downloadFolder = downloadFolder
        self.downloadDefaults = downloadDefaults
        self.requestedFeed = requestedFeed
        self.audioSink = audioSink
        self.refreshMinutes = refreshMinutes
        self.databasePath = databasePath
        self.artDirectory = artDirectory
        loop = MainLoop(context: context)
        loader = FeedLoader(credentials: credentials)
    }

    func run() throws {
        // One daemon per state folder, locked before the store opens and held until run() returns.
        let lock = try InstanceLock(databasePath: databasePath)
        defer { withExtendedLifetime(lock) {} }
        let store: Store
        do {
            store = try Store(path: databasePath, warning: { Log.warning($0) })
        } catch {
            throw CommandFailure("cannot open the database: \(error)")
        }
        let background = SerialWorker(label: "earshot-store", context: context)
        let timers = LoopTimers(context: context)
        let library: Library
        do {
            library = try Library(store: store, background: background, fetcher: loader, events: SessionEvents(),
                                  timers: timers, demoURL: BundledData.demoFeed)
        } catch {
            throw CommandFailure("\(error)")
        }
        library.downloadDefaults = downloadDefaults
        // The feed comes first, so that a feed that cannot be had is the one line printed (before any
        // audio output is tried).
        let start = try startingPoint(library, store)
        let engine: PlaybackEngine
        do {
            engine = try PlaybackEngine(audioSink: audioSink) { [credentials] url in
                credentials.credential(for: url).map { ($0.user, $0.password) }
            }
        } catch {
            throw CommandFailure("cannot start audio playback: \(error)")
        }
        let session = Session(library: library, engine: PlaybackEngineDriver(engine), store: store, downloadStore: store,
                              background: background, transfers: SoupTransfers(credentials: credentials), files: DiskFiles(), downloadFolder: downloadFolder,
                              timers: timers, chapters: ChaptersLoader(sharing: loader))
        let configurationFolder = URL(fileURLWithPath: Configuration.path()).deletingLastPathComponent()
        let feedPasswords = FeedPasswords(file: configurationFolder.appendingPathComponent("feed-passwords"))
        session.keepFeedPasswords(in: credentials, keeper: feedPasswords)
        try listening.apply(to: session.listening, library)
        // Queries read on a worker of their own, never behind the store's writes.
        let reader = SerialWorker(label: "earshot-reader", context: context)
        session.keepTranscripts(fetcher: TranscriptLoader(sharing: loader), store: store, reader: reader,
                                languages: ListenerLanguages.preferred(in: ProcessInfo.processInfo.environment))
        session.listening.device = Self.hostName
        // Finding shows has a libsoup session of its own: a refresh of hundreds of feeds never makes a
        // search wait for a connection.
        let finder = FeedLoader(credentials: credentials)
        session.finder.connect(directories: SoupDirectories(DirectoryClient(endpoints: finding.endpoints, sharing: finder)),
                               pages: WebPageReader(sharing: finder), settings: finding.settings)
        session.restore(at: start)
        let art = ArtCache(directory: artDirectory, credentials: credentials)
        let bridge = MPRISPlayer(session: session, art: art)
        let libraryInterface = LibraryInterface(session: session, store: store, background: background, bridge: bridge)
        let passwordFile = configurationFolder.appendingPathComponent("sync-password")
        let syncSetup = SyncSetup(session: session, store: store, background: background, passwords: SyncPasswords(file: passwordFile),
                                  hostName: Self.hostName)
        libraryInterface.syncSetup = syncSetup
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
            Log.message("serving MPRIS as \(name): \(library.podcasts.count) podcasts")
        } catch {
            throw CommandFailure("cannot serve on the session bus: \(error)")
        }
        let announcements = BusAnnouncements(session: session, bridge: bridge, adapter: adapter)
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
        session.begin(refreshingEvery: .seconds(Int64(refreshMinutes) * 60))
        syncSetup.resume()
        Heap.returnFreeMemory()  // what start-up parsed and read back
        loop.run()
        signals.forEach { g_source_remove($0) }
        announcements.stop()
        session.end()
        background.drain()
        feedPasswords.drain()
        adapter.unexport()
        libraryObject.unexport()
        searchObject?.unexport()
        connection.flush()
        connection.close()
    }

    /// `--feed` names the podcast (subscribed to first when new; its current episode restored when it
    /// has it); without it, the current episode; with an empty library, the bundled demo.
    private func startingPoint(_ library: Library, _ store: Store) throws -> StartingPoint {
        let current: CurrentEpisode?
        do {
            current = try store.currentEpisode()
        } catch {
            throw CommandFailure("cannot read the database: \(error)")
        }
        if let requestedFeed {
            let podcast = try library.podcast(url: requestedFeed)?.id ?? subscribe(requestedFeed, library, autoQueue: true)
            if let current, current.podcast == podcast { return .episode(current.episode) }
            return .newest(podcast)
        }
        if let current, library.podcast(current.podcast) != nil { return .episode(current.episode) }
        if let first = library.podcasts.first { return .newest(first.id) }
        guard let demo = BundledData.demoFeed else { return .nothing }
        Log.message("no podcast yet: playing the bundled demo feed (add your own with earshot add URL)")
        return .newest(try subscribe(demo, library, autoQueue: false))
    }

    /// Subscribes to `url` before the loop runs (waiting on the main context), or fails with one line.
    private func subscribe(_ url: URL, _ library: Library, autoQueue: Bool) throws -> PodcastID {
        var reports: [UpdateReport]?
        library.subscribe([url], autoQueue: autoQueue) { reports = $0 }
        while reports == nil { context.iterate(mayBlock: true) }
        guard let report = reports?.first, let podcast = report.podcast, report.error == nil else {
            throw CommandFailure(reports?.first?.error ?? "\(url.absoluteString): the feed could not be stored")
        }
        return podcast
    }

    /// This computer's name, as the history names the device listened on.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "this computer" }
        let name = String(cString: buffer)
        return name.isEmpty ? "this computer" : name
    }
}
