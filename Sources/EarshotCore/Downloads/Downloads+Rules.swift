import EarshotGLib
import EarshotStore
import Foundation

/// The automatic rules: downloading ahead in Up Next and new episodes, starting over when the network
/// returns, and tidying files away.
extension Downloads {
    /// Keeps the first N of Up Next downloaded (those deleted by hand this session excepted).
    public func followUpNext() {
        let ahead = library.downloadSettings.ahead
        let missing = upNext().prefix(ahead).filter { records[$0] == nil && !declined.contains($0) }
        guard !missing.isEmpty else { return }
        request(Array(missing), byHand: false) { refusal in
            if let refusal { Log.debug("cannot download ahead: \(refusal)") }
        }
    }

    /// A refresh found `new` episodes of `podcast`: downloaded when its auto-download is on (those
    /// without audio are skipped).
    public func found(_ new: [EpisodeID], of podcast: PodcastID) {
        guard library.autoDownload(podcast), !new.isEmpty else { return }
        request(new, byHand: false) { refusal in
            if let refusal { Log.debug("cannot download new episodes: \(refusal)") }
        }
    }

    /// The settings changed: Up Next is followed again, and waiting downloads start within the new limits.
    public func settingsChanged() {
        followUpNext()
        pump()
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

    private func networkReturned() {
        let waiting = awaitingNetwork.compactMap { records[$0] }
        guard !waiting.isEmpty else { return }
        for var record in waiting {
            record.state = .queued
            record.error = nil
            record.attempts = 0
            save(record)
        }
        pump()
    }

    /// Deletes files past the grace period and beyond the budget (which the parts of unfinished downloads
    /// count towards), never the current episode's nor the first N of Up Next. The episodes' progress
    /// is read on the background; a tidying asked for meanwhile runs once after it.
    public func tidy() {
        guard !tidying else {
            tidyAgain = true
            return
        }
        let completed = records.values.filter { $0.state == .completed }.map(\.episode)
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
        let completed = records.values.filter { $0.state == .completed }
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
        let parts = usedBytes - completed.reduce(Int64(0)) { $0 + $1.bytes }
        let doomed = DownloadPolicy.toDelete(facts, partBytes: parts, protected: protected, settings: settings, now: timers.date)
        for id in doomed {
            Log.message("deleted the download \(records[id]?.path ?? "") (tidying)")
            discard(id, deletingFile: true)
        }
        if !doomed.isEmpty {
            if halted != nil { halted = nil }
            pump()
        }
    }
}
