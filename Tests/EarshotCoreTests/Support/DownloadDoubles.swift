import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation

/// The downloads kept in memory, like the store's `download` table.
final class MemoryDownloadStore: DownloadStore, @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [EpisodeID: DownloadRecord] = [:]

    func downloads() throws -> [DownloadRecord] {
        lock.withLock { rows.values.sorted { ($0.requestedAt, $0.episode) < ($1.requestedAt, $1.episode) } }
    }
    func saveDownload(_ record: DownloadRecord) throws { lock.withLock { rows[record.episode] = record } }
    func saveDownloads(_ records: [DownloadRecord]) throws { lock.withLock { for record in records { rows[record.episode] = record } } }
    func removeDownload(_ episode: EpisodeID) throws { _ = lock.withLock { rows.removeValue(forKey: episode) } }
    func removeDownloads(_ episodes: [EpisodeID]) throws { lock.withLock { episodes.forEach { rows.removeValue(forKey: $0) } } }
    func record(_ episode: EpisodeID) -> DownloadRecord? { lock.withLock { rows[episode] } }
}

/// Transfers a test finishes by hand: each started one waits for `succeed`, `fail` or a cancel.
final class ScriptedTransfers: EpisodeTransferring {
    final class Transfer: DownloadHandle {
        let remote: URL
        let destination: URL
        let progress: (DownloadProgress) -> Void
        let completion: (Result<URL, DownloadError>) -> Void
        private(set) var cancelled = false
        private(set) var ended = false
        init(remote: URL, destination: URL, progress: @escaping (DownloadProgress) -> Void,
             completion: @escaping (Result<URL, DownloadError>) -> Void) {
            self.remote = remote
            self.destination = destination
            self.progress = progress
            self.completion = completion
        }
        func cancel() {
            cancelled = true
            end(.failure(.cancelled))
        }
        func end(_ result: Result<URL, DownloadError>) {
            guard !ended else { return }
            ended = true
            completion(result)
        }
    }

    let files: MemoryFiles
    private(set) var started: [Transfer] = []
    init(files: MemoryFiles) { self.files = files }

    /// The transfers that have neither ended nor been cancelled.
    var running: [Transfer] { started.filter { !$0.ended } }

    func start(from remote: URL, to destination: URL, progress: @escaping (DownloadProgress) -> Void,
               completion: @escaping (Result<URL, DownloadError>) -> Void) -> DownloadHandle {
        let transfer = Transfer(remote: remote, destination: destination, progress: progress, completion: completion)
        started.append(transfer)
        return transfer
    }

    /// The running transfer of `remote` completes with a file of `bytes`.
    func succeed(_ remote: URL, bytes: Int64 = 1000) {
        guard let transfer = running.first(where: { $0.remote == remote }) else { return }
        files.sizes[transfer.destination.path] = bytes
        transfer.end(.success(transfer.destination))
    }

    func fail(_ remote: URL, _ error: DownloadError) {
        running.first { $0.remote == remote }?.end(.failure(error))
    }
}

/// Files as dictionaries of paths and sizes: complete files, and the parts of unfinished ones.
final class MemoryFiles: DownloadFiles {
    var sizes: [String: Int64] = [:]
    /// The part of the download of a path (its `.part`), by the complete file's path.
    var parts: [String: Int64] = [:]
    private(set) var deleted: [String] = []
    func exists(_ path: String) -> Bool { sizes[path] != nil }
    func size(_ path: String) -> Int64? { sizes[path] ?? parts[path] }
    func delete(_ path: String) {
        deleted.append(path)
        sizes[path] = nil
        parts[path] = nil
    }
    /// The digest each path's file has (any algorithm); a path not here cannot be read.
    var digestValues: [String: [UInt8]] = [:]
    var digests: FileDigesting { ScriptedDigests(values: digestValues) }
    /// Deletes here: the tests' background runs each job at once on the test's thread.
    var deleter: FileDeleting { MemoryDeleter(files: self) }
    /// What gpg says of each path's file (not here: gpg is not installed).
    var signatureOutcomes: [String: SignatureCheckOutcome] = [:]
    /// The signatures checked, in order, with their files.
    var signaturesChecked: [(path: String, signature: [UInt8])] = []
    var signatures: SignatureChecking { ScriptedSignatures(files: self) }
}

/// gpg as the test scripted it, answering at once.
final class ScriptedSignatures: SignatureChecking {
    let files: MemoryFiles
    init(files: MemoryFiles) { self.files = files }
    func check(_ path: String, against signature: [UInt8], completion: @escaping (SignatureCheckOutcome) -> Void) {
        files.signaturesChecked.append((path, signature))
        completion(files.signatureOutcomes[path] ?? .notInstalled)
    }
}

/// `MemoryFiles.delete` for many paths, as the background calls it.
struct MemoryDeleter: FileDeleting, @unchecked Sendable {
    let files: MemoryFiles
    func delete(_ paths: [String]) { paths.forEach(files.delete) }
}

/// Digests as the test set them, read at the time the download ended.
struct ScriptedDigests: FileDigesting {
    let values: [String: [UInt8]]
    func digest(of path: String, _ algorithm: SubresourceIntegrity.Algorithm) -> [UInt8]? { values[path] }
}

/// A `CoreFixture` seen from its downloads.
final class DownloadFixture {
    let core: CoreFixture
    var store: MemoryDownloadStore { core.downloadStore }
    var files: MemoryFiles { core.files }
    var transfers: ScriptedTransfers { core.transfers }
    var clock: ManualTimers { core.timers }
    var downloads: Downloads { core.downloads }
    var downloadRules: DownloadRules { core.downloadRules }

    init(_ configure: (inout DownloadSettings) -> Void = { _ in }) throws {
        core = try CoreFixture(downloadDefaults: configure)
    }

    /// The audio URL of episode `number` of show `name` (as `CoreFixture.show` makes them).
    static func audio(_ name: String, _ number: Int) -> URL { URL(string: "http://\(name).test/\(number).mp3")! }
}
