import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// Offline listening: episodes downloaded in the background to
/// `<folder>/<podcast>/<episode title>.<ext>`, by hand (`request(byHand: true)`) or by the automatic
/// rules (the first N of Up Next, new episodes of podcasts with auto-download on), a bounded number at
/// once and one per host; failures that may pass tried again after 30 s, 2 and 10 minutes, then after
/// the next refresh that reaches a server; files tidied away after the grace period and to stay within
/// the disk budget, never the current episode's nor the first N of Up Next. Records live in the store
/// (written through `Background`), so a restart resumes the parts.
/// Everything runs on the loop's thread.
public final class Downloads {
    /// The player whose current episode and Up Next the automatic rules follow.
    public weak var player: Player?
    /// Every download known, by episode.
    public private(set) var records: [EpisodeID: DownloadRecord] = [:]

    let store: DownloadStore
    let episodes: LibraryStore
    let library: Library
    let background: Background
    let transfers: EpisodeTransferring
    let files: DownloadFiles
    /// `$XDG_DATA_HOME/earshot/episodes`.
    public let folder: URL
    let timers: Timers
    private var running: [EpisodeID: Running] = [:]
    /// The one-shot timer at the next retry due, when one waits.
    private var retryTimer: TimerHandle?
    /// When `retryTimer` fires.
    private var retryAt: Date?
    /// Deleted by hand this session: the automatic rules leave them alone.
    private var declined: Set<EpisodeID> = []
    /// Why downloads stopped (the disk is full); nil while they run.
    public private(set) var halted: String?

    private struct Running {
        let handle: DownloadHandle
        let host: String
        let startedAt: Date
        var startBytes: Int64?
    }

    /// Downloads over `store`, reading episodes from `episodes`; nothing starts until `restore`.
    public init(store: DownloadStore, episodes: LibraryStore, library: Library, background: Background,
                transfers: EpisodeTransferring, files: DownloadFiles, folder: URL, timers: Timers) {
        self.store = store
        self.episodes = episodes
        self.library = library
        self.background = background
        self.transfers = transfers
        self.files = files
        self.folder = folder
        self.timers = timers
    }

    /// Where downloads go by default: `$XDG_DATA_HOME/earshot/episodes` (`~/.local/share` when unset).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share"
        return URL(fileURLWithPath: data).appendingPathComponent("earshot/episodes", isDirectory: true)
    }

    /// Reads the stored downloads (at start-up, before the loop runs) and resumes the unfinished ones.
    /// A completed file that is gone is forgotten; an unfinished one whose file is complete is completed.
    public func restore() throws(LibraryError) {
        let stored: [DownloadRecord]
        do { stored = try store.downloads() } catch { throw .failed("cannot read the downloads: \(error)") }
        for var record in stored {
            switch record.state {
            case .completed where !files.exists(record.path):
                forget(record.episode)
                continue
            case .downloading where files.exists(record.path), .queued where files.exists(record.path):
                // Renamed as complete just before the daemon stopped, but not yet recorded.
                record.state = .completed
                record.bytes = files.size(record.path) ?? 0
                record.totalBytes = record.bytes
                record.completedAt = timers.date
                save(record)
            case .downloading, .queued:
                record.state = .queued
                record.bytes = files.size(record.path) ?? 0
            case .completed, .failed:
                break
            }
            records[record.episode] = record
        }
        pump()
    }

    /// Stops every transfer (at exit); the parts stay and the next start resumes them.
    public func stop() {
        retryTimer?.cancel()
        retryTimer = nil
        let handles = running.values.map(\.handle)
        running.removeAll()
        handles.forEach { $0.cancel() }
    }

    // MARK: Asking

    /// Downloads these episodes. One already downloaded or on its way is left as it is; a failed one
    /// starts again with a clean slate. By hand also lifts a stop for a full disk.
    public func request(_ ids: [EpisodeID], byHand: Bool) throws(LibraryError) {
        var wanted: [(EpisodeID, StoredEpisode)] = []
        for id in ids {
            guard let stored = try Player.read({ try self.episodes.storedEpisode(id) }) else { throw .noSuchEpisode(id) }
            guard stored.episode.soundURL != nil else {
                throw .soundURLMissing("“\(stored.episode.title ?? "episode \(id.rawValue)")” has no audio to download")
            }
            wanted.append((id, stored))
        }
        if byHand { halted = nil }
        for (id, stored) in wanted {
            if byHand { declined.remove(id) }
            if var record = records[id] {
                guard record.state == .failed || (record.state == .completed && !files.exists(record.path)) else {
                    if byHand && !record.byHand { record.byHand = true; save(record) }
                    continue
                }
                record.state = .queued
                record.error = nil
                record.attempts = 0
                record.nextAttemptAt = nil
                record.byHand = record.byHand || byHand
                save(record)
            } else {
                save(DownloadRecord(episode: id, podcast: stored.podcast, path: path(for: stored), requestedAt: nextRequestTime(),
                                    byHand: byHand))
            }
        }
        pump()
    }

    /// Deletes the files of these episodes (a running download stops; progress stays). An episode
    /// without a download is an error.
    public func delete(_ ids: [EpisodeID]) throws(LibraryError) {
        if let missing = ids.first(where: { records[$0] == nil }) {
            throw .noEpisode("episode \(missing.rawValue) is not downloaded")
        }
        for id in ids {
            declined.insert(id)
            discard(id, deletingFile: true)
        }
        pump()
    }

    /// A podcast was unsubscribed: its downloads stop and are forgotten; with `deletingFiles` its files
    /// (and its folder, when that is left empty) go too.
    public func removed(podcast: PodcastID, deletingFiles: Bool) {
        let mine = records.values.filter { $0.podcast == podcast }
        for record in mine { discard(record.episode, deletingFile: deletingFiles) }
        if deletingFiles, let path = mine.first?.path {
            rmdir(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        pump()
    }

    /// The downloaded file of `episode`, when it is complete and on disk.
    public func file(for episode: EpisodeID) -> URL? {
        guard let record = records[episode], record.state == .completed, files.exists(record.path) else { return nil }
        return URL(fileURLWithPath: record.path)
    }

    /// The transfer rate of a running download in bytes per second, once it is measurable.
    public func rate(of episode: EpisodeID) -> Double? {
        guard let running = running[episode], let start = running.startBytes, let bytes = records[episode]?.bytes else { return nil }
        let elapsed = timers.date.timeIntervalSince(running.startedAt)
        return elapsed >= 0.5 ? Double(bytes - start) / elapsed : nil
    }

    // MARK: The automatic rules

    /// Keeps the first N of Up Next downloaded (those deleted by hand this session excepted).
    public func followUpNext() {
        guard let player else { return }
        let ahead = library.downloadSettings.ahead
        let missing = player.upNext.episodes.prefix(ahead).filter { records[$0] == nil && !declined.contains($0) }
        guard !missing.isEmpty else { return }
        do { try request(Array(missing), byHand: false) } catch { Log.debug("cannot download ahead: \(error)") }
    }

    /// A refresh found `new` episodes of `podcast`: downloaded when its auto-download is on.
    public func found(_ new: [EpisodeID], of podcast: PodcastID) {
        guard library.autoDownload(podcast), !new.isEmpty else { return }
        let playable = ((try? episodes.listEpisodes(new)) ?? []).filter(\.isPlayable).map(\.id)
        guard !playable.isEmpty else { return }
        do { try request(playable, byHand: false) } catch { Log.debug("cannot download new episodes: \(error)") }
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
        let waiting = records.values.filter(DownloadPolicy.awaitsNetwork)
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
    /// count towards), never the current episode's nor the first N of Up Next.
    public func tidy() {
        let settings = library.downloadSettings
        let completed = records.values.filter { $0.state == .completed }
        guard !completed.isEmpty else { return }
        let statuses = Dictionary(((try? episodes.listEpisodes(completed.map(\.episode))) ?? []).map { ($0.id, $0.status) },
                                  uniquingKeysWith: { first, _ in first })
        let queue = player?.upNext.episodes ?? []
        var protected = Set(queue.prefix(settings.ahead))
        if let current = player?.current?.id { protected.insert(current) }
        let facts = completed.map { record in
            let status = statuses[record.episode]
            return DownloadPolicy.FileFacts(
                episode: record.episode, bytes: record.bytes, downloadedAt: record.completedAt ?? record.requestedAt,
                finishedAt: status?.hasCompleted == true ? (status?.lastPlayedAt ?? record.completedAt ?? record.requestedAt) : nil,
                queued: queue.contains(record.episode))
        }
        let parts = records.values.filter { $0.state != .completed }.reduce(Int64(0)) { $0 + $1.bytes }
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

    // MARK: Transfers

    private func pump() {
        guard halted == nil else { return }
        let now = timers.date
        var hosts: [EpisodeID: String] = [:]
        let waiting = records.values.filter { $0.state == .queued || ($0.state == .failed && $0.nextAttemptAt != nil) }
        for record in waiting {
            hosts[record.episode] = (try? episodes.storedEpisode(record.episode))??.episode.soundURL?.host ?? ""
        }
        let starting = DownloadPolicy.toStart(Array(records.values), hosts: hosts, running: running.values.map(\.host),
                                              settings: library.downloadSettings, now: now)
        for id in starting { begin(id, host: hosts[id] ?? "") }
        armRetry(after: now)
    }

    /// Arms one timer at the earliest retry still to come (none: no timer), instead of polling.
    private func armRetry(after now: Date) {
        let next = records.values.compactMap { record in
            record.state == .failed || record.state == .queued ? record.nextAttemptAt.flatMap { $0 > now ? $0 : nil } : nil
        }.min()
        guard next != retryAt else { return }
        retryTimer?.cancel()
        retryTimer = nil
        retryAt = next
        guard let next else { return }
        retryTimer = timers.after(.milliseconds(Int64((next.timeIntervalSince(now) * 1000).rounded(.up)))) { [weak self] in
            self?.retryTimer = nil
            self?.retryAt = nil
            self?.pump()
        }
    }

    private func begin(_ id: EpisodeID, host: String) {
        guard var record = records[id] else { return }
        guard let remote = (try? episodes.storedEpisode(id))??.episode.soundURL else {
            record.state = .failed
            record.error = "the episode has no audio any more"
            record.nextAttemptAt = nil
            return save(record)
        }
        record.state = .downloading
        record.nextAttemptAt = nil
        save(record)
        let handle = transfers.start(
            from: remote, to: URL(fileURLWithPath: record.path),
            progress: { [weak self] progress in self?.progressed(id, progress) },
            completion: { [weak self] result in self?.finished(id, result) })
        running[id] = Running(handle: handle, host: host, startedAt: timers.date, startBytes: nil)
    }

    private func progressed(_ id: EpisodeID, _ progress: DownloadProgress) {
        guard running[id] != nil, records[id] != nil else { return }
        if running[id]?.startBytes == nil {
            running[id]?.startBytes = progress.bytesWritten
        }
        records[id]?.bytes = progress.bytesWritten
        records[id]?.totalBytes = progress.totalBytes
    }

    private func finished(_ id: EpisodeID, _ result: Result<URL, DownloadError>) {
        let wasRunning = running.removeValue(forKey: id) != nil
        guard var record = records[id] else { return }
        let now = timers.date
        switch result {
        case .success:
            record.state = .completed
            record.bytes = files.size(record.path) ?? record.bytes
            record.totalBytes = record.bytes
            record.error = nil
            record.nextAttemptAt = nil
            record.completedAt = now
            Log.message("downloaded \(record.path)")
        case .failure(.cancelled):
            guard wasRunning || record.state == .downloading else { return }
            record.state = .queued
            record.bytes = files.size(record.path) ?? record.bytes
        case .failure(.diskFull(let path)):
            record.state = .failed
            record.error = DownloadError.diskFull(path: path).description
            record.nextAttemptAt = nil
            halt(record.error!)
        case .failure(let error):
            record.state = .failed
            record.bytes = files.size(record.path) ?? 0
            record.error = error.description
            record.nextAttemptAt = nil
            if DownloadPolicy.isTransient(error) {
                record.attempts += 1
                record.nextAttemptAt = DownloadPolicy.retryAt(after: error, attempts: record.attempts, now: now)
                if DownloadPolicy.awaitsNetwork(record) {
                    record.error = "\(error.description) (\(record.attempts) attempts; tried again after the next refresh that reaches a server)"
                }
            }
            Log.warning("download of \(record.path) failed: \(record.error!)")
        }
        save(record)
        if record.state == .completed { tidy() }
        pump()
    }

    /// The disk is full: one warning, every transfer stops (parts kept) until space is made or the
    /// listener asks for a download.
    private func halt(_ reason: String) {
        guard halted == nil else { return }
        halted = reason
        Log.warning("downloads stopped: \(reason)")
        let others = running
        running.removeAll()
        for (id, run) in others {
            records[id]?.state = .queued
            if let record = records[id] { save(record) }
            run.handle.cancel()
        }
    }

    // MARK: Records and files

    private func discard(_ id: EpisodeID, deletingFile: Bool) {
        if let run = running.removeValue(forKey: id) { run.handle.cancel() }
        guard let record = records.removeValue(forKey: id) else { return }
        if deletingFile { files.delete(record.path) }
        forget(id)
    }

    private func save(_ record: DownloadRecord) {
        records[record.episode] = record
        let store = self.store
        background.run { Player.log { try store.saveDownload(record) } }
    }

    private func forget(_ id: EpisodeID) {
        let store = self.store
        background.run { Player.log { try store.removeDownload(id) } }
    }

    /// Now, or a millisecond after the latest request, so that downloads start in the order asked for.
    private func nextRequestTime() -> Date {
        let latest = records.values.map(\.requestedAt).max() ?? .distantPast
        return max(timers.date, latest.addingTimeInterval(0.001))
    }

    /// A free path for `stored`: `<folder>/<podcast title>/<episode title>.<ext>`.
    private func path(for stored: StoredEpisode) -> String {
        let podcastTitle = library.podcast(stored.podcast)?.channel.title
        let directory = folder.appendingPathComponent(FileNaming.stem(podcastTitle, fallback: "podcast-\(stored.podcast.rawValue)"))
        let stem = FileNaming.stem(stored.episode.title, fallback: "episode-\(stored.id.rawValue)")
        let ext = FileNaming.fileExtension(mimeType: stored.episode.soundMIMEType, url: stored.episode.soundURL!)
        let taken = Set(records.values.map(\.path))
        let name = FileNaming.unique(stem: stem, fileExtension: ext) { name in
            let candidate = directory.appendingPathComponent(name).path
            return taken.contains(candidate) || self.files.exists(candidate) || self.files.size(candidate) != nil
        }
        return directory.appendingPathComponent(name).path
    }
}
