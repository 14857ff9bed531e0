import EarshotGLib
import EarshotStore
import Foundation

/// The automatic rules of downloading: ahead in Up Next and new episodes of podcasts that auto-download,
/// starting over when the network returns, and tidying files away (after the grace period, within the
/// disk budget). They follow listening through two readings the Session gives them (Up Next, the current
/// episode), and ask `Downloads` to download or delete; the episodes' progress is read on the background.
public final class DownloadRules {
    /// Up Next's episodes, which are downloaded ahead and never tidied away.
    var upNext: () -> [EpisodeID] = { [] }
    /// The current episode, whose file is never tidied away.
    var currentEpisode: () -> EpisodeID? = { nil }
    private let downloads: Downloads
    private let library: Library
    private let episodes: LibraryStore
    private let background: Background
    private let timers: Timers
    /// Whether tidying waits for the episodes' progress from the background, and whether it should run
    /// again when that comes.
    private var tidying = false
    private var tidyAgain = false

    /// Rules over `downloads`, with the settings of `library`; progress is read from `episodes` on
    /// `background`.
    init(downloads: Downloads, library: Library, episodes: LibraryStore, background: Background, timers: Timers) {
        self.downloads = downloads
        self.library = library
        self.episodes = episodes
        self.background = background
        self.timers = timers
        downloads.overBudget = { [weak self] in self?.tidy() }
    }

    /// Keeps the first N of Up Next downloaded (those deleted by hand this session excepted).
    public func followUpNext() {
        let ahead = library.downloadSettings.ahead
        let missing = upNext().prefix(ahead).filter { downloads.records[$0] == nil && !downloads.declined.contains($0) }
        guard !missing.isEmpty else { return }
        downloads.request(Array(missing), byHand: false) { refusal in
            if let refusal { Log.debug("cannot download ahead: \(refusal)") }
        }
    }

    /// A refresh found `new` episodes of `podcast`: downloaded when its auto-download is on (those
    /// without audio are skipped).
    public func found(_ new: [EpisodeID], of podcast: PodcastID) {
        guard library.autoDownload(podcast), !new.isEmpty else { return }
        downloads.request(new, byHand: false) { refusal in
            if let refusal { Log.debug("cannot download new episodes: \(refusal)") }
        }
    }

    /// The settings changed: Up Next is followed again, and waiting downloads start within the new limits.
    public func settingsChanged() {
        followUpNext()
        downloads.pump()
    }

    /// A refresh ended. When it reached a server over the network (a feed answered, even 304), the
    /// downloads that used up their retries on failures that may pass by themselves (no network, an
    /// overloaded server) start over.
    public func refreshed(_ reports: [UpdateReport]) {
        let reachedAServer = reports.contains { report in
            report.error == nil && ["http", "https"].contains(report.url.scheme?.lowercased() ?? "")
        }
        if reachedAServer { networkReturned() }
    }

    /// The downloads that used up their retries on failures that may pass by themselves start over.
    private func networkReturned() {
        let waiting = downloads.awaitingNetwork.compactMap { downloads.records[$0] }
        guard !waiting.isEmpty else { return }
        for var record in waiting {
            record.state = .queued
            record.error = nil
            record.attempts = 0
            downloads.save(record)
        }
        downloads.pump()
    }

    /// Deletes files past the grace period and beyond the budget (which the parts of unfinished downloads
    /// count towards), never the current episode's nor the first N of Up Next. The episodes' progress
    /// is read on the background; a tidying asked for meanwhile runs once after it.
    public func tidy() {
        guard !tidying else {
            tidyAgain = true
            return
        }
        let completed = downloads.records.values.filter { $0.state == .completed }.map(\.episode)
        guard !completed.isEmpty else { return }
        tidying = true
        let episodes = self.episodes
        background.run({ (try? episodes.listEpisodes(completed)) ?? [] }) { [weak self] listings in
            guard let self else { return }
            self.tidying = false
            self.prune(statuses: Dictionary(listings.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first }))
            if self.tidyAgain {
                self.tidyAgain = false
                self.tidy()
            }
        }
    }

    /// Tidies with the episodes' progress as read.
    private func prune(statuses: [EpisodeID: EpisodeStatus]) {
        let settings = library.downloadSettings
        let completed = downloads.records.values.filter { $0.state == .completed }
        let queue = upNext()
        let queued = Set(queue)
        var protected = Set(queue.prefix(settings.ahead))
        if let current = currentEpisode() { protected.insert(current) }
        protected.formUnion(statuses.filter { $0.value.starredAt != nil }.keys)  // starred: kept
        let facts = completed.map { record in
            let status = statuses[record.episode]
            return DownloadPolicy.FileFacts(
                episode: record.episode, bytes: record.bytes, downloadedAt: record.completedAt ?? record.requestedAt,
                finishedAt: status?.hasCompleted == true ? (status?.lastPlayedAt ?? record.completedAt ?? record.requestedAt) : nil,
                queued: queued.contains(record.episode))
        }
        let parts = downloads.usedBytes - completed.reduce(Int64(0)) { $0 + $1.bytes }
        let doomed = DownloadPolicy.toDelete(facts, partBytes: parts, protected: protected, settings: settings, now: timers.date)
        for id in doomed {
            Log.message("deleted the download \(downloads.records[id]?.path ?? "") (tidying)")
            downloads.discard(id, deletingFile: true)
        }
        if !doomed.isEmpty {
            if downloads.halted != nil { downloads.halted = nil }
            downloads.pump()
        }
    }

    // MARK: Following the library

    /// A podcast was unsubscribed: its downloads stop and are forgotten; with `deletingFiles` its files
    /// (and its folder, when that is left empty) go too.
    public func removed(podcast: PodcastID, deletingFiles: Bool) {
        let mine = downloads.records.values.filter { $0.podcast == podcast }
        for record in mine { downloads.discard(record.episode, deletingFile: deletingFiles) }
        if deletingFiles, let path = mine.first?.path {
            rmdir(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        downloads.pump()
    }

    /// Follows a merge the store made (`PodcastMerge`, carried by `SavedFeed.merged`): the downloads of
    /// episodes that moved belong to the podcast they joined; a download that went to the episode its
    /// own was matched with continues there (one that was running starts again from its part), and the
    /// download it replaced, or one that was dropped, is forgotten with its file.
    public func merged(_ merge: PodcastMerge) {
        for id in merge.moved where downloads.records[id] != nil { downloads.records[id]?.podcast = merge.into }
        for (from, to) in merge.episodes {
            let source = downloads.sources[from], name = downloads.unchecked[from]
            guard var record = downloads.unrecord(from) else { continue }
            guard merge.downloadsMoved.contains(from) else {
                if downloads.records[to]?.path != record.path { downloads.files.delete(record.path) }
                continue
            }
            if let replaced = downloads.unrecord(to), replaced.path != record.path { downloads.files.delete(replaced.path) }
            record.episode = to
            record.podcast = merge.into
            if record.state == .downloading {
                record.state = .queued
                record.bytes = downloads.files.size(record.path) ?? record.bytes
            }
            downloads.sources[to] = source
            downloads.unchecked[to] = name
            downloads.save(record)
        }
        downloads.pump()
    }
}
