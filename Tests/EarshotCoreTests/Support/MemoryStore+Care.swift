import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation

/// The store's side of looking after the library (marks, stars, the inbox, the history), in memory.
extension MemoryStore {
    func passesLocked(_ filter: EpisodeFilter, _ row: Row) -> Bool {
        switch filter {
        case .all: true
        case .unplayed: !row.status.hasCompleted
        case .played: row.status.hasCompleted
        case .inProgress: row.status.isInProgress
        case .starred: row.status.starredAt != nil
        case .downloaded: false  // downloads are kept by MemoryDownloadStore, which this store does not see
        case .inbox: inboxRows[row.id] != nil
        }
    }

    func mark(_ selection: EpisodeSelection, played: Bool, at date: Date) throws -> [EpisodeID] {
        try locked {
            writes.append("mark \(selection) \(played)")
            let chosen: [Row]
            switch selection {
            case .episodes(let ids):
                chosen = ids.compactMap { rows[$0] }
            case .podcast(let podcast, let before):
                guard podcastRows.contains(where: { $0.id == podcast }) else { throw StoreError.noSuchFeed(FeedID(rawValue: podcast.rawValue)) }
                chosen = rows.values.filter { row in
                    row.podcast == podcast && (before.map { limit in (row.episode.releaseDate?.date).map { $0 < limit } ?? false } ?? true)
                }
            }
            for row in chosen {
                rows[row.id]?.status.lastListenTime = played ? (row.learned ?? row.episode.duration ?? 0) : 0
                rows[row.id]?.status.hasCompleted = played
                rows[row.id]?.status.lastPlayedAt = date
                if played { inboxRows[row.id] = nil }
            }
            return chosen.sorted { ($0.episode.releaseDate?.date ?? .distantPast) > ($1.episode.releaseDate?.date ?? .distantPast) }.map(\.id)
        }
    }

    func star(_ episodes: [EpisodeID], at date: Date?) throws -> [EpisodeID] {
        locked {
            let stored = episodes.filter { rows[$0] != nil }
            for id in stored { rows[id]?.status.starredAt = date }
            return stored
        }
    }

    func addToInbox(_ episodes: [EpisodeID], at date: Date) throws {
        locked {
            writes.append("inbox add \(episodes.map(\.rawValue))")
            for id in episodes where rows[id] != nil && inboxRows[id] == nil { inboxRows[id] = date }
        }
    }

    func removeFromInbox(_ episodes: [EpisodeID]) throws -> [EpisodeID] {
        locked { episodes.filter { inboxRows.removeValue(forKey: $0) != nil } }
    }

    func clearInbox() throws -> Int {
        locked {
            defer { inboxRows = [:] }
            return inboxRows.count
        }
    }

    func inboxEpisodes() throws -> [EpisodeID] {
        noteRead()
        return locked {
            inboxRows.keys.compactMap { rows[$0] }
                .sorted { ($0.episode.releaseDate?.date ?? .distantPast, $0.id) > ($1.episode.releaseDate?.date ?? .distantPast, $1.id) }
                .map(\.id)
        }
    }

    func saveListening(_ record: ListeningRecord) throws { locked { listeningRows[record.id] = record } }
    func lastListeningID() throws -> Int64 { noteRead(); return locked { listeningRows.keys.max() ?? 0 } }

    func listening(since: Date?, limit: Int?) throws -> [ListeningRecord] {
        locked {
            let chosen = listeningRows.values.filter { record in since.map { record.startedAt >= $0 } ?? true }
                .sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
            return Array(chosen.prefix(limit ?? chosen.count))
        }
    }

    func listeningTotals(since: Date?, timeZone: TimeZone) throws -> ListeningBreakdown {
        let records = try listening(since: since, limit: nil)
        let months = DateFormatter()
        months.dateFormat = "yyyy-MM"
        months.timeZone = timeZone
        var byPodcast: [String: ListeningTotals] = [:], byMonth: [String: ListeningTotals] = [:]
        for record in records {
            let key = record.podcast.map { "#\($0.rawValue)" } ?? "title \(record.podcastTitle ?? "")"
            Self.add(record, to: &byPodcast[key, default: ListeningTotals(podcast: record.podcast, podcastTitle: record.podcastTitle,
                                                                         sessions: 0, finished: 0, wallTime: 0, span: 0, trimmed: 0, skipped: 0)])
            let month = months.string(from: record.startedAt)
            Self.add(record, to: &byMonth[month, default: ListeningTotals(month: month, sessions: 0, finished: 0, wallTime: 0, span: 0,
                                                                        trimmed: 0, skipped: 0)])
        }
        return ListeningBreakdown(podcasts: Array(byPodcast.values), months: Array(byMonth.values))
    }

    private static func add(_ record: ListeningRecord, to total: inout ListeningTotals) {
        total.sessions += 1
        total.finished += record.finished ? 1 : 0
        total.wallTime += record.wallTime
        total.span += record.span
        total.trimmed += record.trimmed
        total.skipped += record.skipped
    }

    func episodeUse(_ episode: EpisodeID) throws -> EpisodeUse {
        noteRead()
        return locked {
            let finished = listeningRows.values.filter { $0.episode == episode && $0.finished }
            return EpisodeUse(count: finished.count, last: finished.map(\.endedAt).max())
        }
    }
}
