import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// What one subscription or refresh did, for the listener who asked.
public struct UpdateReport: Sendable, Equatable {
    public var url: URL
    public var podcast: PodcastID?
    public var title: String?
    public var episodes: Int
    public var newEpisodes: Int
    /// The episodes a refresh added (none for a new subscription, whose every episode counts as new).
    public var newEpisodeIDs: [EpisodeID] = []
    public var notModified: Bool
    /// The plain-words cause when it failed.
    public var error: String?
    /// A subscription to a feed subscribed already (at this address, at the one it leads to, or at one
    /// it lived at): nothing new was subscribed, `podcast` is that podcast, and it was refreshed.
    public var alreadySubscribed = false
    /// It failed because the address answered with something that is not a feed (a web page, say).
    public var notAFeed = false
    /// It failed because the server asks for a user name and password (401).
    public var needsPassword = false
    /// The feed subscribed, when the address asked for led to it: a web page linking to it, a directory's
    /// page of the show.
    public var feed: URL?
    /// The feeds a web page links to, when it links to several (nothing was subscribed).
    public var choices: [FeedLink] = []

    /// Fills in what storing the feed did.
    mutating func describe(_ saved: SavedFeed, _ summary: PodcastSummary) {
        podcast = summary.id
        title = summary.channel.title
        episodes = saved.episodeCount
        newEpisodes = saved.isNew ? saved.episodeCount : saved.newEpisodes.count
        newEpisodeIDs = saved.isNew ? [] : saved.newEpisodes
    }

    public init(url: URL, podcast: PodcastID? = nil, title: String? = nil, episodes: Int = 0, newEpisodes: Int = 0,
                notModified: Bool = false, error: String? = nil) {
        self.url = url
        self.podcast = podcast
        self.title = title
        self.episodes = episodes
        self.newEpisodes = newEpisodes
        self.notModified = notModified
        self.error = error
    }
}

/// The podcasts the listener follows: subscribing (one by one or from OPML), refreshing, unsubscribing
/// and their settings. Podcasts are held as small summaries; episodes stay in the store. What it did is
/// published as `SessionEvent`s: `feedStored`, `newEpisodes`, `refreshFinished`, `podcastsChanged`,
/// `podcastRemoved`, `settingChanged`. One feed is one podcast: a feed that moves onto the address of
/// another subscription merges the two (`SavedFeed.merged`, carried by `feedStored`).
public final class Library {
    /// The download settings of the configuration file (else the defaults); stored global settings win.
    public var downloadDefaults = DownloadSettings()
    /// The podcast of the current episode (its refreshes read the play order back).
    var currentPodcast: () -> PodcastID? = { nil }
    let events: SessionEvents
    /// Lets the loop run between slices of a large batch of feeds.
    let timers: Timers
    /// How many feeds of a batch are handed to the updater in one iteration of the loop: an import of
    /// 10,000 feeds would otherwise keep the loop for tens of milliseconds.
    static let batchSlice = 256

    let store: LibraryStore
    let background: Background
    let updater: FeedUpdater
    /// The bundled demo feed: the first-run default, unsubscribed when the listener adds a podcast.
    public let demoURL: URL?
    /// Every podcast, in the order they were added.
    public var podcasts: [PodcastSummary] { roster.all }
    private var roster = PodcastRoster([])
    /// Each podcast's `podcast:medium`, when its feed gives one (`MediumRules`).
    private var mediums: [PodcastID: String] = [:]
    /// The settings as stored, per podcast and global (key nil).
    var settings: [PodcastID?: [String: String]] = [:]
    /// Defaults from the configuration file, below the stored ones (see `configureDefaults`).
    var configuredDefaults: [String: String] = [:]

    /// The library as stored.
    public init(store: LibraryStore, background: Background, fetcher: FeedFetching, events: SessionEvents, timers: Timers,
                demoURL: URL? = nil) throws(LibraryError) {
        self.events = events
        self.timers = timers
        self.store = store
        self.background = background
        self.demoURL = demoURL
        updater = FeedUpdater(fetcher: fetcher, store: store, background: background, timers: timers)
        do {
            roster = PodcastRoster(try store.podcasts())
            settings = try store.allSettings()
        } catch {
            throw .failed(tr("cannot read the library: %s", "\(error)"))
        }
    }

    public func podcast(_ id: PodcastID) -> PodcastSummary? { roster.podcast(id) }

    /// What `podcast`'s feed says it is (`podcast:medium`: `audiobook`, `music`…); nil when it does not say.
    public func medium(of podcast: PodcastID) -> String? { mediums[podcast] }

    /// The mediums the stored feeds give (read when the session begins), for podcasts not refreshed since.
    func learnMediums(_ stored: [PodcastID: String]) { mediums.merge(stored) { refreshed, _ in refreshed } }
    /// The podcast whose feed lives at `url`, or lived there before it moved.
    public func podcast(url: URL) -> PodcastSummary? { roster.podcast(url: url) }

    /// Whether `podcast` is the bundled demo.
    public func isDemo(_ podcast: PodcastID) -> Bool { demoURL != nil && self.podcast(podcast)?.url == demoURL }

    // MARK: Settings

    /// Whether new episodes of `podcast` go to the end of Up Next.
    public func autoQueue(_ podcast: PodcastID) -> Bool { isOn(SettingsTable.autoQueue, for: podcast) }

    /// Whether a refresh that finds new episodes of `podcast` posts a desktop notification.
    public func notifies(_ podcast: PodcastID) -> Bool { isOn(SettingsTable.notify, for: podcast) }

    /// An on/off setting of `podcast`, else the global default, else on.
    private func isOn(_ key: String, for podcast: PodcastID) -> Bool {
        SettingKind.flag(settings[podcast]?[key] ?? settings[nil]?[key]) ?? true
    }

    /// Whether new episodes of `podcast` are downloaded as a refresh finds them.
    public func autoDownload(_ podcast: PodcastID) -> Bool {
        SettingKind.flag(settings[podcast]?[DownloadSettings.autoDownloadKey] ?? settings[nil]?[DownloadSettings.autoDownloadKey])
            ?? downloadDefaults.autoDownload
    }

    /// Every podcast's `audio-format` setting, for choosing downloads' files off the loop.
    var audioFormats: AudioFormats {
        AudioFormats(library: AudioChoice.formats(settings[nil]?[AudioChoice.key]),
                     podcasts: settings.reduce(into: [:]) { podcasts, entry in
                         if let podcast = entry.key, let text = entry.value[AudioChoice.key] { podcasts[podcast] = AudioChoice.formats(text) }
                     })
    }

    /// The download settings in force: the defaults, with the stored global settings applied.
    public var downloadSettings: DownloadSettings {
        var resolved = downloadDefaults
        for key in DownloadSettings.globalKeys + [DownloadSettings.autoDownloadKey] {
            if let value = settings[nil]?[key] { _ = resolved.apply(key, value) }
        }
        return resolved
    }

    /// Changes a setting of `podcast` (nil: the global default), checked against `SettingsTable`.
    public func set(_ key: String, to value: String, for podcast: PodcastID?) throws(LibraryError) {
        if let podcast, self.podcast(podcast) == nil { throw .noSuchPodcast(podcast) }
        switch SettingsTable.normalized(key, value, in: podcast == nil ? .library : .podcast) {
        case .success(let text): save(key, text, for: podcast)
        case .failure(let problem): throw .invalidSetting(problem.description)
        }
        events.publish(.settingChanged(key: key, podcast: podcast))
    }

    private func save(_ key: String, _ value: String, for podcast: PodcastID?) {
        settings[podcast, default: [:]][key] = value
        let store = self.store
        background.run { StoreWork.log { try store.saveSetting(key, value: value, for: podcast) } }
    }

    /// Keeps a podcast's "last played" current (the Played ordering of playlists).
    func notePlayed(_ podcast: PodcastID?, at date: Date) {
        guard let podcast else { return }
        roster.update(podcast) { $0.lastPlayedAt = date }
    }

    // MARK: Subscribing and refreshing

    /// Subscribes to each feed. One already subscribed (at this address, or at one its feed lived at
    /// before it moved) is refreshed, and so is a podcast whose feed turns out to live where this address
    /// leads: their reports say `alreadySubscribed`. `progress` hears of each feed as it finishes (done,
    /// total); `completion` gets one report per URL, in order.
    public func subscribe(_ urls: [URL], autoQueue: Bool, progress: @escaping (UpdateReport, Int, Int) -> Void = { _, _, _ in },
                          completion: @escaping ([UpdateReport]) -> Void) {
        let known = urls.map { podcast(url: $0) }
        let requests = zip(urls, known).map { url, podcast in
            podcast.map { request(refreshing: $0) } ?? FeedUpdater.Request(url: url)
        }
        run(requests, autoQueue: autoQueue, progress: progress) { [weak self] reports in
            var reports = reports
            for index in reports.indices where known[index] != nil && reports[index].error == nil {
                reports[index].alreadySubscribed = true
            }
            self?.retireDemo(after: reports)
            completion(reports)
        }
    }

    /// Refreshes these podcasts (nil: every podcast) with conditional requests.
    public func refresh(_ ids: [PodcastID]? = nil, progress: @escaping (UpdateReport, Int, Int) -> Void = { _, _, _ in },
                        completion: @escaping ([UpdateReport]) -> Void = { _ in }) throws(LibraryError) {
        var chosen: [PodcastSummary] = []
        for id in ids ?? podcasts.map(\.id) {
            guard let podcast = podcast(id) else { throw .noSuchPodcast(id) }
            chosen.append(podcast)
        }
        run(chosen.map(request(refreshing:)), autoQueue: nil, progress: progress) { [weak self] reports in
            self?.events.publish(.refreshFinished(reports))
            completion(reports)
        }
    }

    private func request(refreshing podcast: PodcastSummary) -> FeedUpdater.Request {
        FeedUpdater.Request(url: podcast.url, podcast: podcast.id, validators: podcast.validators,
                            wantsOutline: currentPodcast() == podcast.id)
    }

    private func run(_ requests: [FeedUpdater.Request], autoQueue: Bool?, progress: @escaping (UpdateReport, Int, Int) -> Void,
                     completion: @escaping ([UpdateReport]) -> Void) {
        var reports = [UpdateReport?](repeating: nil, count: requests.count)
        var done = 0
        guard !requests.isEmpty else { return completion([]) }
        let enqueue = { [weak self] (index: Int, request: FeedUpdater.Request) -> Void in
            guard let updater = self?.updater else { return }
            updater.update(request) { [weak self] outcome, joined in
                guard let self else { return }
                let report = self.adopt(outcome, for: request, autoQueue: autoQueue, joined: joined)
                reports[index] = report
                done += 1
                progress(report, done, requests.count)
                if done == requests.count {
                    completion(reports.compactMap { $0 })
                    self.returnFreeMemory()
                }
            }
        }
        enqueueSlices(of: Array(requests.enumerated()), from: 0, enqueue)
    }

    /// Hands `batch` to the updater a slice at a time, the first at once and each next one after the
    /// loop ran.
    private func enqueueSlices(of batch: [(offset: Int, element: FeedUpdater.Request)], from start: Int,
                               _ enqueue: @escaping (Int, FeedUpdater.Request) -> Void) {
        let end = min(start + Self.batchSlice, batch.count)
        for (index, request) in batch[start..<end] { enqueue(index, request) }
        guard end < batch.count else { return }
        _ = timers.after(.zero) { [weak self] in self?.enqueueSlices(of: batch, from: end, enqueue) }
    }

    /// Takes an outcome in: the summary replaces the old one, a new podcast gets its auto-queue setting,
    /// the listener hears of it. A request that `joined` one asked for before only reports it.
    private func adopt(_ outcome: FeedUpdater.Outcome, for request: FeedUpdater.Request, autoQueue: Bool?,
                       joined: Bool = false) -> UpdateReport {
        var report = UpdateReport(url: request.url, podcast: request.podcast, title: nil, episodes: 0, newEpisodes: 0,
                                  notModified: false, error: nil)
        switch outcome {
        case .vanished,
             .stored where request.podcast.map { podcast($0) == nil } ?? false:
            // Unsubscribed before the feed was stored, or after it but before this result came back (the
            // removal, queued after the store, wins): the podcast stays gone.
            report.error = tr("the podcast was removed meanwhile")
        case .stored(let saved, let summary, _) where joined:
            report.describe(saved, summary)
        case .stored(let saved, let summary, let outline):
            if let merge = saved.merged { absorb(merge) }
            mediums[summary.id] = saved.medium
            if roster.store(summary), let autoQueue {
                save(SettingsTable.autoQueue, autoQueue ? "on" : "off", for: summary.id)
            }
            report.describe(saved, summary)
            report.alreadySubscribed = request.podcast == nil && !saved.isNew
            events.publish(.feedStored(summary, saved, outline: outline))
            if !saved.isNew, !saved.newEpisodes.isEmpty { events.publish(.newEpisodes(saved.newEpisodes, of: summary.id)) }
            events.publish(.podcastsChanged)
        case .notModified(let id) where podcast(id) == nil:
            report.error = tr("the podcast was removed meanwhile")
        case .notModified(let id):
            roster.update(id) { $0.lastCheckedAt = Date() }
            if let podcast = podcast(id) {
                report.title = podcast.channel.title
                report.episodes = podcast.episodeCount
            }
            report.notModified = true
        case .failed(let message), .notAFeed(let message), .unauthorized(let message):
            report.error = message
            if case .notAFeed = outcome { report.notAFeed = true }
            if case .unauthorized = outcome { report.needsPassword = true }
            if request.podcast != nil {
                Log.warning("refresh failed, keeping the stored episodes: \(message)")
            } else {
                Log.debug("subscribing failed: \(message)")
            }
        }
        return report
    }

    /// A podcast was merged into another (its feed moved onto the other's address): its summary goes,
    /// and the other takes the settings it did not have (as the store did).
    private func absorb(_ merge: PodcastMerge) {
        roster.remove(merge.from)
        if let theirs = settings.removeValue(forKey: merge.from) {
            settings[merge.into, default: [:]].merge(theirs) { mine, _ in mine }
        }
    }

    /// Gives back what a batch of feeds left behind (parsed documents, SQLite's page cache): glibc keeps
    /// freed memory otherwise, and a 200-feed import would stay resident.
    private func returnFreeMemory() {
        let store = self.store
        background.run {
            store.releaseMemory()
            Heap.returnFreeMemory()
        }
    }

    /// The demo gives way to the first podcast the listener adds.
    private func retireDemo(after reports: [UpdateReport]) {
        guard let demoURL, let demo = podcast(url: demoURL),
              reports.contains(where: { $0.podcast != nil && $0.podcast != demo.id && $0.error == nil }) else { return }
        try? unsubscribe(demo.id, deletingFiles: true)
    }

    // MARK: Unsubscribing

    /// Unsubscribes: the podcast, its episodes and progress and its Up Next entries go; with
    /// `deletingFiles`, its downloaded files too.
    public func unsubscribe(_ id: PodcastID, deletingFiles: Bool = false) throws(LibraryError) {
        guard podcast(id) != nil else { throw .noSuchPodcast(id) }
        roster.remove(id)
        settings[id] = nil
        let store = self.store
        background.run { StoreWork.log { try store.removePodcast(id) } }
        events.publish(.podcastRemoved(id, deletingFiles: deletingFiles))
        events.publish(.podcastsChanged)
    }
}
