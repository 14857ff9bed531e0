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
    /// When each podcast's feed is due (the listener's interval, the feed's own schedule, live shows).
    let planner = RefreshPlanner(rule: RefreshRule(base: .seconds(Int64(SettingsTable.defaultCount(SettingsTable.refreshInterval)) * 60)))
    /// Live shows going on the air, to announce.
    private var liveWatch = LiveWatch()
    /// A new plan of the timed refresh, due at the end of this loop iteration.
    private var planTimer: TimerHandle?
    /// The timed refresh runs (from the first refresh, once private feeds' passwords are in, to `end`).
    private var refreshing = false

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
                                  events: events, chapters: chapters, localFile: { [unowned downloads] in downloads.file(for: $0) },
                                  metered: { [unowned downloads] in downloads.metered })
        self.listening = listening
        downloadRules = DownloadRules(downloads: downloads, library: library, episodes: store, background: background, timers: timers)
        downloadRules.upNext = { [unowned listening] in listening.upNext.episodes }
        downloadRules.currentEpisode = { [unowned listening] in listening.current?.id }
        inbox = Inbox(store: store, background: background, listening: listening, timers: timers, events: events)
        finder = Finder(library: library, timers: timers)
        library.updater.remoteFeeds.finder = finder
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
            planner.forget(podcast)
        case .settingChanged(let key, _):
            downloadRules.settingsChanged()
            if key == Transcription.settingKey { transcription?.reconsider() }
        case .feedStored(let podcast, let saved, _):
            if let merge = saved.merged {
                downloadRules.merged(merge)
                planner.forget(merge.from)
            }
            transcription?.feedStored(podcast.id)
            followSchedule(of: podcast, saved)
        case .transcription(.paused):
            transcripts?.transcriber = transcription?.status.engine
        case .placesSynced(let episodes):
            listening.placesChanged(episodes)
        case .nowPlayingChanged, .seeked, .progressSaved, .podcastsChanged, .listened, .marked, .transcription,
             .downloadsMoved, .downloadsDeleted, .starred, .dismissed:
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

    /// Starts the session's background work: a refresh of every podcast now and then of each when it is
    /// due (`RefreshRule`: every `interval`, or as its feed's schedule and live shows say), downloading
    /// ahead, and tidying now and every 15 minutes.
    public func begin(refreshingEvery interval: Duration) {
        planner.rule = RefreshRule(base: interval)
        learnSchedules()
        privateFeeds.whenReady { [weak self] in
            guard let self else { return }
            self.refreshing = true
            self.refresh(self.library.podcasts.map(\.id))
        }
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
        planTimer?.cancel()
        refreshing = false
        tidyTimer?.cancel()
        refreshTimer = nil
        planTimer = nil
        tidyTimer = nil
        rules?.cancel()
        downloads.stop()
        listening.saveProgress(leaving: false)
        listening.stop()
    }

    /// Time between the timed fetches of a feed declaring `frequency` (`RefreshRule`), live shows aside.
    public func refreshInterval(for frequency: UpdateFrequency?) -> Duration { planner.rule.interval(for: frequency) }

    /// Refreshes `podcasts` (not on a metered connection: then they wait until it is no longer), and
    /// plans the next timed refresh.
    private func refresh(_ podcasts: [PodcastID]) {
        planner.tried(podcasts, at: timers.date)
        if downloads.metered {
            refreshSkipped = refreshSkipped || !podcasts.isEmpty
        } else if !podcasts.isEmpty {
            try? library.refresh(podcasts)
        }
        planRefresh()
    }

    /// Arms the timed refresh for the first podcast due, at the end of this loop iteration (a refresh
    /// storing many feeds plans once).
    private func planRefresh() {
        guard refreshing, planTimer == nil else { return }
        planTimer = timers.after(.zero) { [weak self] in
            guard let self else { return }
            self.planTimer = nil
            self.refreshTimer?.cancel()
            let now = self.timers.date
            guard let first = self.planner.firstDue(self.library.podcasts, now: now) else { return }
            let delay = Duration.milliseconds(Int64((first.timeIntervalSince(now) * 1000).rounded(.up)))
            self.refreshTimer = self.timers.after(delay) { [weak self] in
                guard let self else { return }
                self.refresh(self.planner.due(self.library.podcasts, at: self.timers.date))
            }
        }
    }

    /// A feed was stored: its schedule is learned (and its fetch counted as tried now), a live show
    /// that went on the air is announced, and the timed refresh is planned again when the schedule changed.
    private func followSchedule(of podcast: PodcastSummary, _ saved: SavedFeed) {
        let before = planner.schedule(of: podcast.id)
        planner.learned(saved.schedule, of: podcast.id)
        planner.tried([podcast.id], at: timers.date)
        if library.notifies(podcast.id) {
            for show in liveWatch.wentLive(podcast.id, before: saved.isNew ? nil : before, after: saved.schedule) {
                if let episode = show.episode { notices?.wentLive(show, episode: episode, of: podcast) }
            }
        }
        // An unchanged schedule can only make this feed due later: the timer armed stands (when it
        // finds nothing due, it plans again), and a refresh of many feeds plans once, not per feed.
        if before != saved.schedule { planRefresh() }
    }

    /// Reads every podcast's stored schedule (the baseline a live show going on the air is measured
    /// against) and medium, on the background.
    private func learnSchedules() {
        guard let shows = store as? NamespaceStore else { return }
        background.run({ () -> [(PodcastID, FeedSchedule, String?)] in
            ((try? shows.showNamespaces(of: nil)) ?? []).map { ($0.podcast, FeedSchedule($0.fields), $0.fields.medium) }
        }, completion: { [weak self] read in
            guard let self else { return }
            self.library.learnMediums(Dictionary(read.compactMap { podcast, _, medium in medium.map { (podcast, $0) } },
                                                 uniquingKeysWith: { first, _ in first }))
            let schedules = read.map { ($0.0, $0.1) }
            let stored = Dictionary(schedules, uniquingKeysWith: { first, _ in first })
            for podcast in self.library.podcasts where self.planner.schedule(of: podcast.id) == nil {
                self.planner.learned(stored[podcast.id] ?? FeedSchedule(), of: podcast.id)
            }
            self.planRefresh()
        })
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
