import EarshotStore
import Foundation

/// What a tidy plans over, taken on the loop so that the plan runs on the background: the completed
/// downloads, Up Next, the current episode, each podcast's rules of what to keep, the budget and now.
struct TidySituation: Sendable {
    let completed: [DownloadRecord]
    let queued: Set<EpisodeID>
    let current: EpisodeID?
    /// Each podcast's rules (its own, else the library's); `everyone` for a podcast not listed.
    let keeping: [PodcastID: DownloadKeeping]
    let everyone: DownloadKeeping
    let budget: Int64?
    /// The bytes of unfinished downloads' parts.
    let partBytes: Int64
    let now: Date

    /// The plan over the episodes as read (`TidyPlan`). Never chosen: the current episode, Up Next,
    /// starred and in-progress episodes.
    func choose(_ listings: [EpisodeID: EpisodeListing]) -> [TidiedFile] {
        var protected = queued
        if let current { protected.insert(current) }
        for (id, listing) in listings where listing.status.starredAt != nil || (!listing.status.hasCompleted && listing.status.lastListenTime > 0) {
            protected.insert(id)
        }
        let facts = completed.map { record in
            let status = listings[record.episode]?.status
            return FileFacts(
                episode: record.episode, bytes: record.bytes, downloadedAt: record.completedAt ?? record.requestedAt,
                finishedAt: status?.hasCompleted == true ? (status?.lastPlayedAt ?? record.completedAt ?? record.requestedAt) : nil,
                queued: queued.contains(record.episode), podcast: record.podcast, released: listings[record.episode]?.releaseDate)
        }
        let records = Dictionary(completed.map { ($0.episode, $0) }, uniquingKeysWith: { first, _ in first })
        let chosen = TidyPlan.choose(facts, partBytes: partBytes, protected: protected, budget: budget, now: now) { podcast in
            podcast.flatMap { keeping[$0] } ?? everyone
        }
        return chosen.compactMap { choice in
            guard let record = records[choice.episode] else { return nil }
            let listing = listings[choice.episode]
            return TidiedFile(episode: choice.episode, podcastTitle: listing?.podcastTitle, title: listing?.title, path: record.path,
                              bytes: record.bytes, reason: choice.reason)
        }
    }
}
