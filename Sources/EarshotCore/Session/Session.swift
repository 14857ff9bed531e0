import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// The listening session: it owns the store handle, the background worker, the library, the listening
/// (queue, playhead, comforts), the downloads and the new-episode notices, holds the rules between them,
/// and runs the session's timers (the timed refresh, tidying) through the one clock seam. Each part gets
/// only the handles it needs from here, never through another part. The parts publish what they did as `SessionEvent`s; the rules here react to those
/// (Up Next changed → download ahead; a refresh found episodes → auto-download and a notice; a podcast
/// was removed → its downloads go; a download or a refresh ended → the rules of what to keep run), and so do the bus adapters, which otherwise only call the command
/// surface (`Session+Commands`). Everything runs on the loop's thread; unit tests build it over
/// in-memory seams.
public final class Session {
    /// What happened, for the adapters.
    public let events: SessionEvents
    public let library: Library
    /// Up Next, the current episode under the engine, and the comforts.
    public let listening: Listening
    public let downloads: Downloads
    /// Downloading ahead, new episodes, tidying.
    public let downloadRules: DownloadRules
    /// New episodes not yet queued, played or dismissed.
    public let inbox: Inbox
    /// Directory search, charts, and subscribing from any address (`connect` it to the network first).
    public let finder: Finder
    /// Transcripts and the full-text index, once `keepTranscripts` connects them.
    public private(set) var transcripts: Transcripts?
    /// Transcripts made on this computer, once `transcribeHere` connects the recogniser.
    public internal(set) var transcription: Transcription?
    /// The desktop's own search (GNOME Shell, KRunner), once `keepTranscripts` connects the index.
    public private(set) var desktopSearch: DesktopSearch?
    /// Bookmarks, once kept (`keepBookmarks`).
    public private(set) var bookmarks: Bookmarks?
    /// Smart playlists, once `keepPlaylists` connects them to the store and the reader.
    public internal(set) var playlists: SmartPlaylists?
    /// Private feeds' passwords (`keepFeedPasswords` gives them a book shared with the transfers).
    public private(set) var privateFeeds: PrivateFeeds
    let timers: Timers
    /// The store, read on the loop (small reads) and written on `background`.
    let store: LibraryStore
    let background: Background
    private var notices: NewEpisodeNotices?
    private var statusNotice: StatusNotice?
    /// Sync with a server, once an account is set (`startSync`).
    public internal(set) var sync: Sync?
    private var rules: EventSubscription?
    private var refreshTimer: TimerHandle?
    private var tidyTimer: TimerHandle?
    /// A timed refresh came while the connection was metered: it runs when it no longer is.
    private var refreshSkipped = false
    /// Time between the timed refreshes of every podcast.
    private var refreshInterval: Duration = .seconds(Int64(SettingsTable.defaultCount(SettingsTable.refreshInterval)) * 60)

    /// How often downloaded files are tidied away (grace period, disk budget).
    static let tidyInterval: Duration = .seconds(15 * 60)

    /// A session over `library` (whose events it shares): listening drives `engine`, downloads go
    /// through `transfers` into `downloadFolder`.
    public init(library: Library, engine: AudioEngine, store: LibraryStore, downloadStore: DownloadStore, background: Background,
                transfers: EpisodeTransferring, files: DownloadFiles, downloadFolder: URL, timers: Timers,
                chapters: ChaptersFetching? = nil) {
        events = library.events
        self.library = library
        self.timers = timers
        self.store = store
        self.background = background
        let downloads = Downloads(store: downloadStore, episodes: store, library: library, background: background,
                                  transfers: transfers, files: files, folder: downloadFolder, timers: timers)
        self.downloads = downloads
        let listening = Listening(engine: engine, store: store, background: background, library: library, timers: timers,
                                  events: events, chapters: chapters, localFile: { [unowned downloads] in downloads.file(for: $0) })
        self.listening = listening
        downloadRules = DownloadRules(downloads: downloads, library: library, episodes: store, background: background, timers: timers)
        downloadRules.upNext = { [unowned listening] in listening.upNext.episodes }
        downloadRules.currentEpisode = { [unowned listening] in listening.current?.id }
        inbox = Inbox(store: store, background: background, listening: listening, timers: timers)
        finder = Finder(library: library, timers: timers)
        privateFeeds = PrivateFeeds(library: library, timers: timers)
        rules = events.subscribe { [weak self] event in self?.apply(event) }
    }

    /// New-episode notices are posted through `notifier`, with covers from `art`.
    public func notify(through notifier: Notifier, art: ArtLookup) {
        notices = NewEpisodeNotices(library: library, listening: listening, store: store, background: background,
                                    art: art, notifier: notifier)
        statusNotice = StatusNotice(listening: listening, library: library, art: art, notifier: notifier)
        bookmarks?.notifier = notifier
    }

    /// Shows what plays in a notification (Earshot's icon was clicked in the app grid); nothing without
    /// a notifier.
    public func showStatus() { statusNotice?.show() }

    /// Private feeds' passwords go in `book` (which the transfers read) and are kept by `keeper`, whose
    /// stored ones are loaded now; the first refresh waits for them.
    public func keepFeedPasswords(in book: FeedCredentials, keeper: FeedPasswordKeeping) {
        let store = self.store, background = self.background
        let anyKept = (try? store.settings(for: nil)).flatMap(StateTable.feedPasswordsKept.value(in:)) == true
        privateFeeds = PrivateFeeds(library: library, timers: timers, book: book, keeper: keeper, anyKept: anyKept) { kept in
            background.run { StoreWork.log { try store.save(StateTable.feedPasswordsKept, kept ? true : nil) } }
        }
    }

    /// Bookmarks are kept in `store`, confirmed through the notifier (`notify`, later) and found by
    /// `find` (after `keepTranscripts`).
    public func keepBookmarks(in store: BookmarkStore) {
        bookmarks = Bookmarks(store: store, listening: listening, library: library, background: background, timers: timers)
        transcripts?.bookmarks = store
    }

    /// Transcripts are fetched through `fetcher` for the listener's `languages` and kept in `store`;
    /// queries run on `reader`.
    public func keepTranscripts(fetcher: TranscriptFetching, store: TranscriptStore, reader: Background, languages: [String]) {
        transcripts = Transcripts(fetcher: fetcher, store: store, episodes: self.store, background: background,
                                  reader: reader, timers: timers, languages: languages)
        if downloads.metered { transcripts?.networkChanged(metered: true) }
        if let current = listening.current?.id { transcripts?.wanted(current) }
        desktopSearch = transcripts.map { transcripts in
            DesktopSearch(transcripts: transcripts, library: library, listening: listening, episodes: self.store, reader: reader,
                          enqueue: { [unowned self] episodes throws(LibraryError) in
                try self.enqueue(episodes)
            }, play: { [unowned self] result throws(LibraryError) in
                switch result {
                case .podcast(let podcast): try self.play(podcast: podcast)
                case .episode(let episode): try self.play(episode: episode)
                case .moment(let episode, let at): try self.play(episode: episode, from: at)
                }
            })
        }
    }

    // MARK: The rules between the parts

    private func apply(_ event: SessionEvent) {
        switch event {
        case .upNextChanged:
            downloadRules.followUpNext()
        case .newEpisodes(let episodes, let podcast):
            downloadRules.found(episodes, of: podcast)
            inbox.found(episodes)
        case .episodeChanged(_, let to):
            inbox.leave([to])
            transcripts?.wanted(to)
        case .downloaded(let episode):
            transcripts?.wanted(episode)
            transcription?.downloaded(episode)
            downloadRules.tidy()
        case .refreshFinished(let reports):
            notices?.refreshed(reports)
            downloadRules.refreshed(reports)
            downloadRules.tidy()
        case .podcastRemoved(let podcast, let deletingFiles):
            downloadRules.removed(podcast: podcast, deletingFiles: deletingFiles)
            privateFeeds.podcastRemoved()
        case .settingChanged(let key, _):
            downloadRules.settingsChanged()
            if key == Transcription.settingKey { transcription?.reconsider() }
        case .feedStored(let podcast, let saved, _):
            if let merge = saved.merged { downloadRules.merged(merge) }
            transcription?.feedStored(podcast.id)
        case .transcription(.paused):
            transcripts?.transcriber = transcription?.status.engine
        case .placesSynced(let episodes):
            listening.placesChanged(episodes)
        case .nowPlayingChanged, .seeked, .progressSaved, .podcastsChanged, .listened, .marked, .transcription:
            break
        }
        sync?.hear(event)
    }

    // MARK: Start and end

    /// Restores what was stored (Up Next, the history, the downloads) and makes `start` current, paused:
    /// before the bus name is owned, so the first client sees the episode where it was left.
    public func restore(at start: StartingPoint) {
        listening.restoreLists()
        do { try downloads.restore() } catch { Log.warning("\(error)") }
        switch start {
        case .episode(let id):
            do { try listening.restore(id) } catch { Log.warning("cannot restore the current episode: \(error)") }
        case .newest(let podcast):
            listening.selectNewest(of: podcast)
        case .nothing:
            break
        }
    }

    /// Starts the session's background work: a refresh of every podcast now and every `refreshInterval`,
    /// downloading ahead, and tidying now and every 15 minutes.
    public func begin(refreshingEvery interval: Duration) {
        refreshInterval = interval
        privateFeeds.whenReady { [weak self] in self?.refreshAll() }
        downloadRules.followUpNext()
        tidy()
        transcription?.begin()
    }

    /// Ends the session: timers and transfers stop, the place in the current episode is saved.
    public func end() {
        sync?.stop()
        transcription?.end()
        playlists?.stop()
        refreshTimer?.cancel()
        tidyTimer?.cancel()
        refreshTimer = nil
        tidyTimer = nil
        rules?.cancel()
        downloads.stop()
        listening.saveProgress(leaving: false)
        listening.stop()
    }

    private func refreshAll() {
        if downloads.metered {
            refreshSkipped = true
        } else {
            try? library.refresh()
        }
        refreshTimer = timers.after(refreshInterval) { [weak self] in self?.refreshAll() }
    }

    /// The connection became metered or stopped being metered (NetworkManager): on a metered one no
    /// automatic transfer starts (downloads ahead and of new episodes, the timed refresh, transcripts and
    /// chapters files of the episodes that become current or are downloaded; cover art is the adapters'
    /// `ArtCache.paused`); what is asked for by hand still runs. When it is no longer metered, what waited
    /// goes on, and a timed refresh that was skipped runs now.
    public func networkChanged(metered: Bool) {
        downloads.meteredChanged(metered)
        listening.chapterGuide.metered = metered
        transcripts?.networkChanged(metered: metered)
        if !metered, refreshSkipped {
            refreshSkipped = false
            try? library.refresh()
        }
    }

    private func tidy() {
        downloadRules.tidy()
        tidyTimer = timers.after(Self.tidyInterval) { [weak self] in self?.tidy() }
    }
}
