import EarshotFeed
import EarshotStore
import Foundation

/// What the download rules need from persistence. `Store` is the real one; unit tests use a double.
/// Called through `Background`, off the loop (only start-up reads on the loop).
public protocol DownloadStore: AnyObject, Sendable {
    func downloads() throws -> [DownloadRecord]
    func saveDownload(_ record: DownloadRecord) throws
    /// Saves many at once, in one transaction.
    func saveDownloads(_ records: [DownloadRecord]) throws
    func removeDownload(_ episode: EpisodeID) throws
    /// Removes many at once, in one transaction.
    func removeDownloads(_ episodes: [EpisodeID]) throws
}

/// A transfer that can be stopped; its completion then reports `.cancelled`.
public protocol DownloadHandle: AnyObject {
    func cancel()
}

/// Downloading one episode's audio to a file, resuming a part left by an earlier attempt.
/// `EpisodeDownload` (libsoup) is the real one; completions run later on the loop.
public protocol EpisodeTransferring: AnyObject {
    func start(from remote: URL, to destination: URL, progress: @escaping (DownloadProgress) -> Void,
               completion: @escaping (Result<URL, DownloadError>) -> Void) -> DownloadHandle
}

/// The files downloads leave: asking whether one is there, how big, and deleting it with its part.
public protocol DownloadFiles: AnyObject {
    func exists(_ path: String) -> Bool
    /// The size of the complete file, else of its part; nil when neither is there.
    func size(_ path: String) -> Int64?
    /// Deletes the file, its `.part` and its `.part.json`; a missing file is not an error.
    func delete(_ path: String)
    /// What reads the files' digests, off the loop (a download checked against `podcast:integrity`).
    var digests: FileDigesting { get }
    /// What deletes many files off the loop (a tidy of thousands).
    var deleter: FileDeleting { get }
    /// What checks files against the feed's PGP signatures (`podcast:integrity`), off the loop.
    var signatures: SignatureChecking { get }
}

/// Checks a file against a detached OpenPGP signature with the listener's own public keys (GnuPG's
/// keyring, `GNUPGHOME` as gpg honours it), off the loop. `GnuPGSignatures` (gpg, a helper process) is
/// the real one. `completion` runs later on the loop, once.
public protocol SignatureChecking: AnyObject {
    func check(_ path: String, against signature: [UInt8], completion: @escaping (SignatureCheckOutcome) -> Void)
}

/// What a signature check gave: gpg's status lines, or why gpg could not give them.
public enum SignatureCheckOutcome: Sendable, Equatable {
    /// gpg ran: its status lines (`[GNUPG:] …`), and its exit code (nil when a signal ended it).
    case ran(statusLines: [String], exitCode: Int32?)
    /// gpg is not installed.
    case notInstalled
    /// gpg could not be run, or did not answer in time: why, for the log.
    case failed(String)
}

/// Deletes files, each with its `.part` and `.part.json`; a missing file is not an error. Called on the
/// background.
public protocol FileDeleting: Sendable {
    func delete(_ paths: [String])
}

/// Reads a file's SHA-2 digest; nil when it cannot be read. Called on the background.
public protocol FileDigesting: Sendable {
    func digest(of path: String, _ algorithm: SubresourceIntegrity.Algorithm) -> [UInt8]?
}

/// GLib's checksums of the files on disk.
extension FileDigests: FileDigesting {}
