import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation

/// An in-memory `LibraryStore` for the rules' unit tests: the same contract as the SQLite store, kept in
/// dictionaries. (The real store has its own tests.)
final class MemoryStore: LibraryStore, @unchecked Sendable {
    struct Row {
        var id: EpisodeID
        var podcast: PodcastID
        var episode: Episode
        var order: Int
        var status = EpisodeStatus()
        var learned: Double?
        var chapters: [Chapter] = []
    }

    private let lock = NSLock()
    var podcastRows: [PodcastSummary] = []
    var rows: [EpisodeID: Row] = [:]
    /// The inbox (episode → when it entered) and the history of listening (MemoryStore+Care).
    var inboxRows: [EpisodeID: Date] = [:]
    var listeningRows: [Int64: ListeningRecord] = [:]
    private var lists: [EpisodeListName: [EpisodeID]] = [:]
    private var settingsRows: [PodcastID?: [String: String]] = [:]
    private var current: EpisodeID?
    private var nextID: Int64 = 1
    private var nextPodcastID: Int64 = 1
    /// The addresses feeds lived at before they moved.
    private var formerURLs: [URL: PodcastID] = [:]
    /// Every write, in order, for tests that check what was saved.
    var writes: [String] = []
    /// Whether the caller is on the loop rather than in background work (the fixture asks its background).
    var isOnLoop: () -> Bool = { true }
    /// How many reads were made on the loop, which the design keeps small; a test may reset it.
    var readsOnLoop = 0

    /// Counts a read made on the loop.
    func noteRead() {
        if isOnLoop() { readsOnLoop += 1 }
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func podcasts() throws -> [PodcastSummary] { noteRead(); return locked { podcastRows.map(summaryLocked) } }
    func podcast(_ id: PodcastID) throws -> PodcastSummary? { noteRead(); return locked { podcastRows.first { $0.id == id }.map(summaryLocked) } }
    func podcastID(url: URL) throws -> PodcastID? {
        noteRead()
        return locked { podcastRows.first { $0.url == url }?.id ?? formerURLs[url] }
    }

    func podcastID(guid: String) throws -> PodcastID? {
        noteRead()
        return locked { podcastRows.first { $0.channel.podcast.guid == guid }?.id }
    }

    private func summaryLocked(_ summary: PodcastSummary) -> PodcastSummary {
        var summary = summary
        let mine = rows.values.filter { $0.podcast == summary.id }
        summary.episodeCount = mine.count
        summary.unplayedCount = mine.filter { !$0.status.hasCompleted }.count
        summary.lastPlayedAt = mine.compactMap(\.status.lastPlayedAt).max()
        summary.formerURLs = formerURLs.filter { $0.value == summary.id }.keys.sorted { $0.absoluteString < $1.absoluteString }
        return summary
    }

    func outline(id: FeedID) throws -> FeedOutline? {
        noteRead()
        return locked {
            guard let podcast = podcastRows.first(where: { $0.id == id }) else { return nil }
            let entries = rows.values.filter { $0.podcast == id }.sorted { $0.order < $1.order }.map {
                EpisodeEntry(id: $0.episode.id, releaseDate: $0.episode.releaseDate?.date, isPlayable: $0.episode.soundURL != nil, key: $0.id)
            }
            return FeedOutline(id: id, url: podcast.url, validators: podcast.validators, channel: podcast.channel, episodes: entries)
        }
    }

    func storeFeed(_ channel: Channel, url: URL, validators: FeedValidators, checkedAt: Date) throws -> SavedFeed {
        locked {
            writes.append("storeFeed \(url.absoluteString)")
            var channelFields = channel
            channelFields.episodes = []
            let isNew: Bool
            let podcast: PodcastID
            if let index = podcastRows.firstIndex(where: { $0.url == url }) {
                isNew = false
                podcast = podcastRows[index].id
                podcastRows[index].channel = channelFields
                podcastRows[index].validators = validators
                podcastRows[index].lastCheckedAt = checkedAt
            } else {
                isNew = true
                podcast = PodcastID(rawValue: nextPodcastID)
                nextPodcastID += 1
                podcastRows.append(PodcastSummary(id: podcast, url: url, channel: channelFields, validators: validators, episodeCount: 0,
                                                  unplayedCount: 0, lastCheckedAt: checkedAt, lastPlayedAt: nil, addedAt: checkedAt))
            }
            var added: [EpisodeID] = [], addedGuids: [String] = []
            var known = Dictionary(rows.values.filter { $0.podcast == podcast }.map { ($0.episode.id, $0.id) },
                                   uniquingKeysWith: { first, _ in first })
            for (order, episode) in channel.episodes.enumerated() {
                if let key = known[episode.id] {
                    rows[key]?.episode = episode
                    rows[key]?.order = order
                } else {
                    let id = EpisodeID(rawValue: nextID)
                    nextID += 1
                    rows[id] = Row(id: id, podcast: podcast, episode: episode, order: order)
                    if episode.podcast.live?.isLive != true {
                        added.append(id)
                        addedGuids.append(episode.id)
                    }
                    known[episode.id] = id
                }
            }
            let count = rows.values.filter { $0.podcast == podcast }.count
            var saved = SavedFeed(podcast: podcast, isNew: isNew, newEpisodes: isNew ? [] : added, newGuids: isNew ? [] : addedGuids, episodeCount: count)
            saved.schedule = FeedSchedule(channel.podcast) { known[$0] }
            saved.medium = channel.podcast.medium
            return saved
        }
    }

    func markChecked(_ feeds: [FeedID], checkedAt: Date) throws {
        locked {
            writes.append("markChecked \(feeds.map(\.rawValue))")
            for index in podcastRows.indices where feeds.contains(podcastRows[index].id) { podcastRows[index].lastCheckedAt = checkedAt }
        }
    }

    func moveFeed(_ feed: FeedID, to url: URL) throws {
        try locked {
            guard let index = podcastRows.firstIndex(where: { $0.id == feed }) else { throw StoreError.noSuchFeed(feed) }
            if let owner = podcastRows.first(where: { $0.url == url }) {
                if owner.id == feed { return }
                throw StoreError.urlInUse(url, by: owner.id)
            }
            writes.append("moveFeed \(feed.rawValue) \(url.absoluteString)")
            formerURLs[podcastRows[index].url] = feed
            formerURLs[url] = nil
            podcastRows[index].url = url
        }
    }

    func addFormerURL(_ url: URL, of feed: FeedID) throws {
        locked {
            guard !podcastRows.contains(where: { $0.url == url }) else { return }
            formerURLs[url] = feed
        }
    }

    /// The SQLite store's merge (see `Store.mergeFeed`), without downloads (they live in
    /// `MemoryDownloadStore`): `downloadsMoved` is always empty.
    func mergeFeed(_ duplicate: FeedID, into kept: FeedID) throws -> PodcastMerge {
        try locked {
            guard let gone = podcastRows.first(where: { $0.id == duplicate }) else { throw StoreError.noSuchFeed(duplicate) }
            guard podcastRows.contains(where: { $0.id == kept }) else { throw StoreError.noSuchFeed(kept) }
            writes.append("mergeFeed \(duplicate.rawValue) into \(kept.rawValue)")
            let keptRows = rows.values.filter { $0.podcast == kept }.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            let byGUID = Dictionary(keptRows.map { ($0.episode.id, $0.id) }, uniquingKeysWith: { first, _ in first })
            let bySound = Dictionary(keptRows.compactMap { row in row.episode.soundURL.map { ($0, row.id) } },
                                     uniquingKeysWith: { first, _ in first })
            let theirs = rows.values.filter { $0.podcast == duplicate }.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            var partners: [EpisodeID: EpisodeID] = [:]
            for row in theirs { if let partner = byGUID[row.episode.id] { partners[row.id] = partner } }
            var taken = Set(partners.values)
            for row in theirs where partners[row.id] == nil {
                if let partner = row.episode.soundURL.flatMap({ bySound[$0] }), taken.insert(partner).inserted { partners[row.id] = partner }
            }
            var merge = PodcastMerge(from: duplicate, into: kept, episodes: partners, moved: [], downloadsMoved: [])
            var order = (keptRows.map(\.order).max() ?? -1) + 1
            for row in theirs {
                guard let partner = partners[row.id] else {
                    rows[row.id]?.podcast = kept
                    rows[row.id]?.order = order
                    order += 1
                    merge.moved.append(row.id)
                    continue
                }
                let mine = rows[partner]!.status
                let place = { (status: EpisodeStatus) in (status.lastPlayedAt ?? .distantPast, status.hasCompleted ? 1 : 0, status.lastListenTime) }
                if place(row.status) > place(mine) { rows[partner]?.status = row.status }
                if rows[partner]?.learned == nil { rows[partner]?.learned = row.learned }
                if rows[partner]?.chapters.isEmpty == true { rows[partner]?.chapters = row.chapters }
                if current == row.id { current = partner }
                for name in EpisodeListName.allCases {
                    guard let list = lists[name], let index = list.firstIndex(of: row.id) else { continue }
                    if list.contains(partner) { lists[name]?.remove(at: index) } else { lists[name]?[index] = partner }
                }
                rows[row.id] = nil
            }
            for (key, value) in settingsRows[duplicate] ?? [:] where settingsRows[kept]?[key] == nil {
                settingsRows[kept, default: [:]][key] = value
            }
            settingsRows[duplicate] = nil
            for (url, owner) in formerURLs where owner == duplicate { formerURLs[url] = kept }
            formerURLs[gone.url] = kept
            podcastRows.removeAll { $0.id == duplicate }
            return merge
        }
    }

    func removePodcast(_ podcast: PodcastID) throws {
        locked {
            writes.append("removePodcast \(podcast.rawValue)")
            podcastRows.removeAll { $0.id == podcast }
            formerURLs = formerURLs.filter { $0.value != podcast }
            let gone = Set(rows.values.filter { $0.podcast == podcast }.map(\.id))
            for id in gone {
                rows[id] = nil
                inboxRows[id] = nil
            }
            for (key, record) in listeningRows where record.episode.map(gone.contains) == true {
                listeningRows[key]?.episode = nil
                listeningRows[key]?.podcast = nil
            }
            for name in EpisodeListName.allCases { lists[name]?.removeAll { gone.contains($0) } }
            if let current, gone.contains(current) { self.current = nil }
        }
    }

    func storedEpisode(_ id: EpisodeID) throws -> StoredEpisode? {
        noteRead()
        return locked {
            rows[id].map { StoredEpisode(id: $0.id, podcast: $0.podcast, episode: $0.episode, status: $0.status,
                                         learnedDuration: $0.learned, storedChapters: $0.chapters) }
        }
    }

    func episodeID(matching uri: String) throws -> EpisodeID? {
        noteRead()
        return locked {
            rows.values.sorted { $0.id < $1.id }.first {
                $0.episode.soundURL?.absoluteString == uri || $0.episode.link?.absoluteString == uri
            }?.id
        }
    }

    func listEpisodes(podcast: PodcastID?, filter: EpisodeFilter, matching: String?, limit: Int? = nil) throws -> [EpisodeListing] {
        noteRead()
        return locked {
            rows.values.filter { row in
                (podcast == nil || row.podcast == podcast) && passesLocked(filter, row)
                    && (matching.map { row.episode.title?.localizedCaseInsensitiveContains($0) ?? false } ?? true)
            }.sorted { ($0.episode.releaseDate?.date ?? .distantPast) > ($1.episode.releaseDate?.date ?? .distantPast) }
                .prefix(limit ?? .max).map(listingLocked)
        }
    }

    func nameEpisode(_ text: String, filter: EpisodeFilter, shown: Int) throws -> EpisodeNaming {
        let matches = try listEpisodes(podcast: nil, filter: filter, matching: text)
        let exact = matches.filter { $0.title?.lowercased() == text.lowercased() }
        return EpisodeNaming(total: matches.count, exact: Array(exact.prefix(2)), first: Array(matches.prefix(shown)))
    }

    func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing] {
        noteRead()
        return locked { ids.compactMap { rows[$0] }.map(listingLocked) }
    }

    private func listingLocked(_ row: Row) -> EpisodeListing {
        var listing = EpisodeListing(id: row.id, podcast: row.podcast, podcastTitle: podcastRows.first { $0.id == row.podcast }?.channel.title,
                       guid: row.episode.id, title: row.episode.title, releaseDate: row.episode.releaseDate?.date,
                       duration: row.episode.duration ?? row.learned, status: row.status, isPlayable: row.episode.soundURL != nil,
                       soundURL: row.episode.soundURL, link: row.episode.link,
                       soundMIMEType: row.episode.soundMIMEType, people: row.episode.podcast.people,
                       alternateEnclosures: row.episode.podcast.alternateEnclosures)
        listing.isLive = row.episode.podcast.live?.isLive == true
        return listing
    }

    func episodeToResume(in podcast: PodcastID) throws -> EpisodeID? {
        noteRead()
        return locked {
            let mine = rows.values.filter { $0.podcast == podcast && $0.episode.soundURL != nil && !$0.status.hasCompleted }
            if let started = mine.filter({ $0.status.lastListenTime > 0 }).max(by: {
                ($0.status.lastPlayedAt ?? .distantPast) < ($1.status.lastPlayedAt ?? .distantPast)
            }) {
                return started.id
            }
            return mine.min { ($0.episode.releaseDate?.date ?? .distantPast) < ($1.episode.releaseDate?.date ?? .distantPast) }?.id
        }
    }

    func saveProgress(of episode: EpisodeID, position: Double, completed: Bool, at date: Date) throws {
        locked {
            writes.append("progress \(episode.rawValue) \(position) \(completed)")
            rows[episode]?.status.lastListenTime = position
            rows[episode]?.status.hasCompleted = completed
            rows[episode]?.status.lastPlayedAt = date
        }
    }

    func makeCurrent(_ episode: EpisodeID) throws { locked { current = episode } }

    func currentEpisode() throws -> CurrentEpisode? {
        noteRead()
        return locked { current.flatMap { rows[$0] }.map { CurrentEpisode(episode: $0.id, podcast: $0.podcast, status: $0.status) } }
    }

    func saveLearnedDuration(of episode: EpisodeID, seconds: Double) throws { locked { rows[episode]?.learned = seconds } }
    func saveChapters(of episode: EpisodeID, _ chapters: [Chapter]) throws { locked { rows[episode]?.chapters = chapters } }
    func episodeList(_ name: EpisodeListName) throws -> [EpisodeID] { noteRead(); return locked { lists[name] ?? [] } }
    func saveEpisodeList(_ name: EpisodeListName, _ episodes: [EpisodeID]) throws { locked { lists[name] = episodes.filter { rows[$0] != nil } } }
    func settings(for podcast: PodcastID?) throws -> [String: String] { noteRead(); return locked { settingsRows[podcast] ?? [:] } }
    func allSettings() throws -> [PodcastID?: [String: String]] { noteRead(); return locked { settingsRows } }
    func saveSetting(_ key: String, value: String?, for podcast: PodcastID?) throws { locked { settingsRows[podcast, default: [:]][key] = value } }

    func releaseMemory() {}

    /// The stored row of an episode, for checks.
    func row(_ id: EpisodeID) -> Row? { locked { rows[id] } }
}
