import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// Cover art on disk: channel and episode images are downloaded once (libsoup 3, asynchronously on the
/// caller's GLib main context) into a cache directory and handed back as local `file://` URLs, which is
/// what MPRIS clients such as GNOME Shell can show as `mpris:artUrl`.
///
/// Each image is stored as `<SHA-256 hex of the URL string>.<ext>`, the extension taken from the
/// Content-Type (`image/jpeg` → `jpg`, `png`, `webp`, `gif`, `image/svg+xml` → `svg`, `avif`), else from
/// the URL's path, else `img`. Only `image/*` answers are kept, the size limit is enforced while
/// streaming (the transfer is aborted), and files are written atomically (a temporary file in the same
/// directory renamed into place), so a failed or interrupted fetch never leaves a partial image behind.
/// Redirects are followed by hand, at most 10, and from http(s) only to http(s); each download has an
/// overall deadline and a minimum rate (`limits`). A URL names one image: a cached image is not fetched
/// again while it is in the cache.
///
/// The cache keeps within a byte `budget`: past it, the least recently used images are removed (handing
/// out a file counts as a use, and is recorded as the file's modification time, so the order survives a
/// restart). Chapter images (`ArtUse.chapterImage`) live in `chapters/` under a small bound of their own
/// and go before covers; an image whose path was fetched again with another query (a cache-busting
/// `?v=…`) goes first of all. A pinned file, one shown right now, is never removed. What the directory
/// held before is counted by a scan on a worker thread; nothing is removed until it has landed. Files
/// are removed on a worker thread; `observeEvictions` says which.
///
/// Use it from the thread that iterates its main context only. Downloads in flight keep the cache alive
/// until they end (at the latest after `timeoutSeconds` of silence).
public final class ArtCache {
    /// Where the images are stored (created when missing, when the first image is written).
    public let directory: URL
    /// How much disk the images may take.
    public let budget: ArtCacheBudget
    /// The largest image accepted, in bytes (after any Content-Encoding is decoded).
    public let maximumImageBytes: Int64
    /// Seconds a connection may stay silent before the download fails.
    public let timeoutSeconds: UInt32
    /// The overall deadline and minimum rate of each download.
    public let limits: TransferLimits
    let context: MainContext
    let session: UnsafeMutablePointer<SoupSession>
    /// The private feeds' credentials: an image on such a feed's host is fetched with them.
    let credentials: FeedCredentials
    /// Callers waiting for each download in flight, by URL string: one download per URL at a time.
    private var waiting: [String: [(Result<URL, ArtError>) -> Void]] = [:]
    /// What the cache holds and what is pinned (see `ArtCache+Budget`).
    var index = ArtCacheIndex()
    /// Whether the start-up scan has counted what the directory held before.
    var counted = false
    let housekeeper: ArtHousekeeper
    /// Files chosen for removal whose removal has not happened yet: not handed out meanwhile.
    var removing: Set<String> = []
    var evictionObservers: [([URL]) -> Void] = []
    /// While true (a metered connection), an image not in the cache is not downloaded: `fetch` answers
    /// `ArtError.paused`, and the image is fetched the next time it is asked for after that.
    public var paused = false

    /// A cache storing images in `directory` within `budget`, bound to the calling thread's default main
    /// context (where downloads run and completions are delivered), with its own libsoup session. It
    /// starts counting the files already there on a worker thread.
    public init(directory: URL, budget: ArtCacheBudget = .standard, maximumImageBytes: Int64 = 10 << 20,
                timeoutSeconds: UInt32 = 30, limits: TransferLimits = .art, credentials: FeedCredentials = FeedCredentials()) {
        self.directory = directory
        self.credentials = credentials
        self.budget = budget
        self.limits = limits
        self.maximumImageBytes = maximumImageBytes
        self.timeoutSeconds = timeoutSeconds
        context = .threadDefault()
        session = context.withThreadDefault { earshot_soup_session_new(EarshotVersion.userAgent, timeoutSeconds)! }
        housekeeper = ArtHousekeeper(context: context)
        countExistingFiles()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// The standard cache directory: `$XDG_CACHE_HOME/earshot/art`, or `~/.cache/earshot/art` when
    /// `XDG_CACHE_HOME` is unset, empty or relative (the XDG Base Directory rules).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("earshot", isDirectory: true).appendingPathComponent("art", isDirectory: true)
    }

    /// The local `file://` URL of `remote`'s image when it is already cached, without touching the network:
    /// for `http(s)` URLs the cached file (a cover or a chapter image), which counts as a use; for
    /// `file://` URLs `remote` itself when that file exists; nil otherwise (not cached yet, or an
    /// unsupported scheme).
    public func cachedFile(for remote: URL) -> URL? {
        switch remote.scheme?.lowercased() {
        case "file"?:
            return Self.isFile(remote.path) ? remote : nil
        case "http"?, "https"?:
            return findCached(remote)
        default:
            return nil
        }
    }

    /// Delivers the local `file://` URL of `remote`'s cover, downloading it first unless it is cached:
    /// `fetch(_:for:completion:)` as a `.cover`.
    public func fetch(_ remote: URL, completion: @escaping (Result<URL, ArtError>) -> Void) {
        fetch(remote, for: .cover, completion: completion)
    }

    /// Delivers the local `file://` URL of `remote`'s image, downloading it first unless it is cached
    /// (stored for `use`).
    ///
    /// `http(s)` images are downloaded once; concurrent fetches of the same URL share one download.
    /// A `file://` URL is handed back as it is when the file exists. `completion` is called exactly once,
    /// on this cache's main context, and never synchronously inside `fetch`. Failures are also logged.
    public func fetch(_ remote: URL, for use: ArtUse, completion: @escaping (Result<URL, ArtError>) -> Void) {
        let scheme = remote.scheme?.lowercased() ?? ""
        switch scheme {
        case "file":
            deliver(Self.isFile(remote.path) ? .success(remote) : .failure(.missingFile(path: remote.path)),
                    for: remote, to: [completion])
        case "http", "https":
            if let cached = findCached(remote) {
                deliver(.success(cached), for: remote, to: [completion])
                return
            }
            if paused {
                deliver(.failure(.paused), for: remote, to: [completion])
                return
            }
            let key = remote.absoluteString
            if waiting[key] != nil {
                waiting[key]!.append(completion)
                return
            }
            waiting[key] = [completion]
            let folder = use == .chapterImage ? chapterDirectory : directory
            let download = ArtDownload(cache: self, remote: remote, into: folder) { [self] result in
                if case .success(let stored) = result { adopt(stored, of: remote, as: use) }
                let waiters = waiting.removeValue(forKey: key) ?? []
                deliver(result.map(\.file), for: remote, to: waiters)
            }
            download.start()
        default:
            deliver(.failure(.unsupportedScheme(scheme)), for: remote, to: [completion])
        }
    }

    /// Logs a failure once and hands `result` to every waiter at the next iteration of the context.
    private func deliver(_ result: Result<URL, ArtError>, for remote: URL,
                         to completions: [(Result<URL, ArtError>) -> Void]) {
        if case .failure(let error) = result, error != .paused { Log.warning("cover art \(remote.absoluteString): \(error)") }
        context.addIdle {
            for completion in completions { completion(result) }
        }
    }

    /// Whether `path` is a regular file (following symbolic links).
    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
