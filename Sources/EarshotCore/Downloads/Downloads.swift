import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Offline listening: episodes downloaded in the background to
/// `<folder>/<podcast>/<episode title>.<ext>`, by hand (`request(byHand: true)`) or by the automatic
/// rules (`DownloadRules`: the first N of Up Next, new episodes of podcasts with auto-download on), a bounded number at
/// once and one per host; failures that may pass tried again after 30 s, 2 and 10 minutes, then after
/// the next refresh that reaches a server; files tidied away after the grace period and to stay within
/// the disk budget, never the current episode's nor the first N of Up Next. Records live in the store
/// (written through `Background`), so a restart resumes the parts.
///
/// Everything runs on the loop's thread, and nothing here reads the store on it once started: the
/// episodes a request names are read on the background, and each download's audio address is kept
/// from then on (read once at start-up for the stored ones). Asking for thousands at once and each
/// download that finishes cost O(log n) per download on the loop: the paths taken and the latest
/// request time are kept as they change, and the waiting downloads wait in a `DownloadLine`.
public final class Downloads {
    /// Every download known, by episode.
    public internal(set) var records: [EpisodeID: DownloadRecord] = [:]

    let store: DownloadStore
    let episodes: LibraryStore
    let library: Library
    let background: Background
    let transfers: EpisodeTransferring
    let files: DownloadFiles
    /// `$XDG_DATA_HOME/earshot/episodes`.
    public let folder: URL
    let timers: Timers

    /// Where each download's audio comes from, learned when it was asked for (or at start-up).
    var sources: [EpisodeID: DownloadSource] = [:]
    /// The file names of downloads asked for this session that were not yet checked against the disk
    /// (that happens when they start, so that asking for thousands does not look at thousands of files).
    var unchecked: [EpisodeID: DownloadFileName] = [:]
    /// The downloads waiting for their turn.
    var line = DownloadLine()
    /// Every record's path, so that a new one is free without looking at every record.
    var takenPaths: Set<String> = []
    /// The paths of forgotten downloads whose files wait on the background to be deleted, with how many
    /// deletions of each wait (`Downloads+Forgetting`): no new download takes one meanwhile.
    var pendingDeletion: [String: Int] = [:]
    /// The latest request time of any record (new ones come after it, in the order asked for).
    var latestRequest = Date.distantPast
    /// The downloads that used up their retries and wait for the network (`refreshed`).
    var awaitingNetwork: Set<EpisodeID> = []
    /// Bytes on disk: the complete files and the parts of unfinished downloads.
    var usedBytes: Int64 = 0
    /// Requests whose episodes are being read on the background; a request that needs no read waits
    /// behind them, so that requests are taken in the order asked for.
    var readsInFlight = 0

    var running: [EpisodeID: Running] = [:]
    var runningByHost: [String: Int] = [:]
    /// The one-shot timer at the next retry due, when one waits.
    var retryTimer: TimerHandle?
    /// When `retryTimer` fires.
    var retryAt: Date?
    /// Deleted by hand this session: the automatic rules leave them alone.
    var declined: Set<EpisodeID> = []
    /// Asks for a tidying when a finished download put the files over the budget (`DownloadRules`).
    var overBudget: () -> Void = {}
    /// Whether the connection is metered: only downloads asked for by hand start (`Downloads+Metered`).
    public internal(set) var metered = false
    /// Why downloads stopped (the disk is full); nil while they run.
    public internal(set) var halted: String?
    /// The downloads that moved since the last `downloadsMoved` event, and the timer that sends the
    /// next one (`Downloads+Pace`).
    var movedSinceReport: Set<EpisodeID> = []
    var paceTimer: TimerHandle?
    /// Whether the log said that gpg is missing (said once a run, `Downloads+Checks`).
    var saidGnuPGMissing = false

    struct Running {
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

    /// Reads the stored downloads and their episodes' audio addresses (at start-up, before the loop
    /// runs) and resumes the unfinished ones. A completed file that is gone is forgotten; an unfinished
    /// one whose file is complete is completed; a waiting one whose episode lost its audio fails.
    public func restore() throws(LibraryError) {
        let stored: [DownloadRecord]
        do {
            stored = try store.downloads()
            let formats = library.audioFormats
            for listing in try episodes.listEpisodes(stored.map(\.episode)) { sources[listing.id] = DownloadSource(listing, formats: formats.of(listing.podcast)) }
        } catch {
            throw .failed(tr("cannot read the downloads: %s", "\(error)"))
        }
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
                continue
            case .downloading, .queued:
                record.state = .queued
                record.bytes = files.size(record.path) ?? 0
            case .completed, .failed:
                break
            }
            if DownloadPolicy.waits(record), sources[record.episode] == nil {
                fail(&record, because: tr("the episode has no audio any more"))
                save(record)
            } else {
                put(record)
            }
        }
        pump()
    }

    /// Stops every transfer (at exit); the parts stay and the next start resumes them.
    public func stop() {
        retryTimer?.cancel()
        retryTimer = nil
        paceTimer?.cancel()
        paceTimer = nil
        let handles = Array(running.keys).compactMap { release($0)?.handle }
        handles.forEach { $0.cancel() }
    }

    // MARK: Asking

    /// Downloads these episodes. One already downloaded or on its way is left as it is; a failed one
    /// starts again with a clean slate. By hand also lifts a stop for a full disk.
    ///
    /// The episodes are read and their file names made on the background (not when every one is
    /// already known and no other request is being read), and `completion` runs on the loop once they
    /// are in line, with nil, or
    /// with why nothing was done: by hand, an episode that is not stored or has no audio refuses the
    /// whole request; the automatic rules skip such episodes.
    public func request(_ ids: [EpisodeID], byHand: Bool, completion: @escaping (LibraryError?) -> Void = Downloads.warn) {
        if readsInFlight == 0, ids.allSatisfy({ records[$0] != nil }) {
            return completion(take(ids, byHand: byHand, read: [:]))
        }
        readsInFlight += 1
        let episodes = self.episodes, folder = self.folder, formats = library.audioFormats
        background.run({
            Result { try episodes.listEpisodes(ids).map { DownloadCandidate($0, folder: folder, formats: formats) } }
        }) { [weak self] result in
            guard let self else { return }
            self.readsInFlight -= 1
            switch result {
            case .success(let candidates):
                let read = Dictionary(candidates.map { ($0.episode, $0) }, uniquingKeysWith: { first, _ in first })
                completion(self.take(ids, byHand: byHand, read: read))
            case .failure(let error):
                completion(.failed(tr("cannot read the episodes to download: %s", "\(error)")))
            }
        }
    }

    /// What a request that nobody answers does with a refusal: one warning.
    public static func warn(_ refusal: LibraryError?) {
        if let refusal { Log.warning("cannot download: \(refusal)") }
    }

    /// Deletes the files of these episodes (a running download stops; progress stays): the records go
    /// at once, the files in a job on the background. An episode without a download is an error.
    public func delete(_ ids: [EpisodeID]) throws(LibraryError) {
        if let missing = ids.first(where: { records[$0] == nil }) {
            throw .noEpisode(tr("episode %s is not downloaded", "\(missing.rawValue)"))
        }
        for id in ids {
            declined.insert(id)
            discard(id, deletingFile: true)
        }
        if !ids.isEmpty { library.events.publish(.downloadsDeleted(ids)) }
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
}
