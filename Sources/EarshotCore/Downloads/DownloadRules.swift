import EarshotGLib
import EarshotStore
import Foundation

/// The automatic rules of downloading: ahead in Up Next and new episodes of podcasts that auto-download,
/// starting over when the network returns, and tidying files away by the rules of what to keep
/// (`TidyPlan`: the grace period after playing, each podcast's newest N, the disk budget). They follow listening through two readings the Session gives them (Up Next, the current
/// episode), and ask `Downloads` to download or delete; the episodes' progress is read on the background.
public final class DownloadRules {
    /// Up Next's episodes: the first N are downloaded ahead, and none is tidied away.
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

    /// A refresh found `new` episodes of `podcast`: downloaded when its auto-download is on and they pass
    /// its filters (`AutoDownloadFilter`; those without audio are skipped).
    public func found(_ new: [EpisodeID], of podcast: PodcastID) {
        guard library.autoDownload(podcast), !new.isEmpty else { return }
        let filter = library.autoDownloadFilter(podcast)
        guard !filter.isEmpty else { return request(new) }
        // The titles and lengths the filter needs are read on the background.
        let episodes = self.episodes
        background.run({ (try? episodes.listEpisodes(new)) ?? [] }) { [weak self] listings in
            let wanted = listings.filter { filter.admits(title: $0.title, seconds: $0.duration) }.map(\.id)
            if wanted.count < listings.count { Log.debug("auto-download left out \(listings.count - wanted.count) new episodes by the podcast's filters") }
            if !wanted.isEmpty { self?.request(wanted) }
        }
    }

    private func request(_ new: [EpisodeID]) {
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

    /// Tidies the downloaded files by the rules of what to keep (`TidyPlan`): the episodes' progress
    /// is read on the background; a tidying asked for meanwhile runs once after it.
    public func tidy() {
        guard !tidying else {
            tidyAgain = true
            return
        }
        tidying = true
        plan { [weak self] planned in
            self?.delete(planned) { [weak self] in
                guard let self else { return }
                tidying = false
                if tidyAgain {
                    tidyAgain = false
                    tidy()
                }
            }
        }
    }

    /// `earshot tidy`: the files the rules delete now, with why; with `dryRun` nothing is deleted.
    /// `done` runs once their records left memory (thousands take a few iterations of the loop).
    public func tidy(dryRun: Bool, done: @escaping ([TidiedFile]) -> Void) {
        plan { [weak self] planned in
            guard !dryRun, let self else { return done(planned) }
            delete(planned) { done(planned) }
        }
    }

    /// The files to delete now, planned on the background over what the loop knows now (the completed
    /// downloads, Up Next, the current episode, each podcast's rules), once their episodes were read
    /// there (titles, release dates, progress, stars): the loop does no work per file.
    private func plan(_ done: @escaping ([TidiedFile]) -> Void) {
        let completed = downloads.records.values.filter { $0.state == .completed }
        guard !completed.isEmpty else { return done([]) }
        let library = self.library, settings = library.downloadSettings
        var keeping: [PodcastID: DownloadKeeping] = [:]
        for podcast in Set(completed.map(\.podcast)) { keeping[podcast] = library.keeping(podcast) }
        let situation = TidySituation(
            completed: completed, queued: Set(upNext()), current: currentEpisode(), keeping: keeping,
            everyone: DownloadKeeping(grace: settings.grace, newest: settings.keep), budget: settings.budget,
            partBytes: downloads.usedBytes - completed.reduce(Int64(0)) { $0 + $1.bytes }, now: timers.date)
        let episodes = self.episodes
        background.run({ () -> [TidiedFile] in
            let listings = (try? episodes.listEpisodes(completed.map(\.episode))) ?? []
            return situation.choose(Dictionary(listings.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        }, completion: done)
    }

    /// Deletes the planned files that are still complete downloads, saying in the log what went and why;
    /// `forgotten` runs once their records left memory. The loop only forgets them, a slice per
    /// iteration (a storage cap may delete thousands at once): the files, their records in the store and
    /// the log lines are jobs on the background.
    private func delete(_ planned: [TidiedFile], forgotten: @escaping () -> Void) {
        let going = planned.filter { downloads.records[$0.episode]?.state == .completed }
        guard !going.isEmpty else { return forgotten() }
        downloads.discardAll(going.map(\.episode), forgotten: { [weak self] in
            if let downloads = self?.downloads {
                if downloads.halted != nil { downloads.halted = nil }
                downloads.pump()
            }
            forgotten()
        }) {
            for file in going {
                Log.message("tidying: deleted the download of “\(file.title ?? "episode \(file.episode.rawValue)")” (\(file.path)): \(file.reason)")
            }
        }
    }

    // MARK: Following the library

    /// A podcast was unsubscribed: its downloads stop and are forgotten; with `deletingFiles` its files
    /// (and its folder, when that is left empty) go too.
    public func removed(podcast: PodcastID, deletingFiles: Bool) {
        let mine = downloads.records.values.filter { $0.podcast == podcast }
        for record in mine { downloads.discard(record.episode, deletingFile: deletingFiles) }
        if deletingFiles, let path = mine.first?.path {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            background.run { rmdir(folder) }  // after the files' deletions, which were posted first
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
