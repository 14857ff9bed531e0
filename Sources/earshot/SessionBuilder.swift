import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotPlayback
import EarshotService
import EarshotStore
import Foundation

/// Builds the daemon's Core graph before the bus, in the order that matters. Each stage is a type only
/// the stage before it can make, so the order is the types' and cannot change by moving a line:
///
/// 1. `Ground`: the GLib types the daemon's threads use registered while this is the only thread (two
///    threads registering libsecret's and GIO's types at once could wait for each other for good), the
///    instance lock, then the store it guards (one daemon per state folder, locked before the store
///    opens), the store's worker and the clock.
/// 2. `Shelf`: the library over them, with the configured download defaults.
/// 3. `Start`: where playback starts, the requested feed subscribed first, before any audio output is
///    tried, so that a feed that cannot be had is the one line printed.
/// 4. `BuiltSession`: the engine, then the session with its feed passwords (before the first refresh,
///    which waits for them), listening options, transcripts and finder, restored at the start: before
///    the bus name is owned, so the first client sees the episode where it was left.
struct SessionBuilder {
    let context: MainContext
    /// Private feeds' credentials, shared by every transfer (feeds, pages, art, downloads, playback).
    let credentials: FeedCredentials
    let loader: FeedLoader
    let requestedFeed: URL?
    let audioSink: String?
    let databasePath: String
    let downloadFolder: URL
    let downloadDefaults: DownloadSettings
    let listening: ListeningOptions
    let finding: FindingOptions

    /// The whole graph, stage by stage.
    func build() throws -> BuiltSession {
        try ground().shelf(self).start(self).session(self)
    }

    private func ground() throws -> Ground {
        SyncPasswords.registerTypes()
        let lock = try InstanceLock(databasePath: databasePath)
        do {
            let store = try Store(path: databasePath, warning: { Log.warning($0) })
            return Ground(lock: lock, store: store, background: SerialWorker(label: "earshot-store", context: context),
                          timers: LoopTimers(context: context))
        } catch {
            // TRANSLATORS: %s is why, in the store's words.
            throw CommandFailure(tr("cannot open the database: %s", "\(error)"))
        }
    }

    /// This computer's name, as the history and sync name the device listened on.
    static var hostName: String {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "this computer" }
        let name = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        return name.isEmpty ? "this computer" : name
    }
}

/// Stage 1: the lock held and the store open.
struct Ground {
    let lock: InstanceLock
    let store: Store
    let background: SerialWorker
    let timers: LoopTimers

    func shelf(_ builder: SessionBuilder) throws -> Shelf {
        do {
            let library = try Library(store: store, background: background, fetcher: builder.loader, events: SessionEvents(),
                                      timers: timers, demoURL: BundledData.demoFeed)
            library.downloadDefaults = builder.downloadDefaults
            return Shelf(ground: self, library: library)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// Stage 2: the library read.
struct Shelf {
    let ground: Ground
    let library: Library

    /// `--feed` names the podcast (subscribed to first when new; its current episode restored when it
    /// has it); without it, the current episode; with an empty library, the bundled demo.
    func start(_ builder: SessionBuilder) throws -> Start {
        let current: CurrentEpisode?
        do {
            current = try ground.store.currentEpisode()
        } catch {
            // TRANSLATORS: %s is why, in the store's words.
            throw CommandFailure(tr("cannot read the database: %s", "\(error)"))
        }
        if let requestedFeed = builder.requestedFeed {
            let podcast = try library.podcast(url: requestedFeed)?.id ?? subscribe(requestedFeed, autoQueue: true, builder.context)
            if let current, current.podcast == podcast { return Start(shelf: self, point: .episode(current.episode)) }
            return Start(shelf: self, point: .newest(podcast))
        }
        if let current, library.podcast(current.podcast) != nil { return Start(shelf: self, point: .episode(current.episode)) }
        if let first = library.podcasts.first { return Start(shelf: self, point: .newest(first.id)) }
        guard let demo = BundledData.demoFeed else { return Start(shelf: self, point: .nothing) }
        Log.message("no podcast yet: playing the bundled demo feed (add your own with earshot add URL)")
        return Start(shelf: self, point: .newest(try subscribe(demo, autoQueue: false, builder.context)))
    }

    /// Subscribes to `url` before the loop runs (waiting on the main context), or fails with one line.
    private func subscribe(_ url: URL, autoQueue: Bool, _ context: MainContext) throws -> PodcastID {
        var reports: [UpdateReport]?
        library.subscribe([url], autoQueue: autoQueue) { reports = $0 }
        while reports == nil { context.iterate(mayBlock: true) }
        guard let report = reports?.first, let podcast = report.podcast, report.error == nil else {
            // TRANSLATORS: `earshot --feed URL` (%s) could not subscribe to the feed and gave no reason.
            throw CommandFailure(reports?.first?.error ?? tr("%s: the feed could not be stored", url.absoluteString))
        }
        return podcast
    }
}

/// Stage 3: where playback starts is known.
struct Start {
    let shelf: Shelf
    let point: StartingPoint

    func session(_ builder: SessionBuilder) throws -> BuiltSession {
        let ground = shelf.ground, credentials = builder.credentials, loader = builder.loader
        let engine: PlaybackEngine
        do {
            engine = try PlaybackEngine(audioSink: builder.audioSink) { url in credentials.credential(for: url).map { ($0.user, $0.password) } }
        } catch {
            // TRANSLATORS: %s is why, in GStreamer's or Earshot's words.
            throw CommandFailure(tr("cannot start audio playback: %s", "\(error)"))
        }
        let session = Session(library: shelf.library, engine: PlaybackEngineDriver(engine), store: ground.store,
                              downloadStore: ground.store, background: ground.background, transfers: SoupTransfers(credentials: credentials),
                              files: DiskFiles(signatures: GnuPGSignatures(context: builder.context)), downloadFolder: builder.downloadFolder, timers: ground.timers,
                              chapters: ChaptersLoader(sharing: loader))
        let configurationFolder = URL(fileURLWithPath: Configuration.path()).deletingLastPathComponent()
        let feedPasswords = FeedPasswords(file: configurationFolder.appendingPathComponent("feed-passwords"))
        session.keepFeedPasswords(in: credentials, keeper: feedPasswords)
        try builder.listening.apply(to: session.listening, shelf.library)
        // Queries (finding, smart playlists) read on a worker of their own, never behind the store's writes.
        let reader = SerialWorker(label: "earshot-reader", context: builder.context)
        session.keepTranscripts(fetcher: TranscriptLoader(sharing: loader), store: ground.store,
                                reader: reader,
                                languages: ListenerLanguages.preferred(in: ProcessInfo.processInfo.environment))
        session.keepBookmarks(in: ground.store)
        // Transcripts made here by the helper process, only on mains power.
        let environment = ProcessInfo.processInfo.environment
        session.transcribeHere(with: HelperTranscriber(environment: environment, context: builder.context), store: ground.store,
                               power: SystemPower(environment: environment, context: builder.context))
        session.listening.device = SessionBuilder.hostName
        // Finding shows has a libsoup session of its own: a refresh of hundreds of feeds never makes a
        // search wait for a connection.
        let finder = FeedLoader(credentials: credentials)
        session.finder.connect(directories: SoupDirectories(DirectoryClient(endpoints: builder.finding.endpoints, sharing: finder)),
                               pages: WebPageReader(sharing: finder), settings: builder.finding.settings)
        session.keepPlaylists(store: ground.store, reader: reader)
        session.restore(at: point)
        return BuiltSession(ground: ground, session: session, feedPasswords: feedPasswords, configurationFolder: configurationFolder)
    }
}

/// Stage 4: the session, restored, ready for the bus.
struct BuiltSession {
    let ground: Ground
    let session: Session
    let feedPasswords: FeedPasswords
    /// Where the configuration file is (the password files live beside it).
    let configurationFolder: URL
}
