import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// Loads podcast feeds: `http(s)://` with libsoup 3, `file://` with GIO, both asynchronously on the
/// caller's GLib main context; the bytes are parsed on a worker thread and the result comes back on that
/// context. Completions never run synchronously inside `load`/`fetch`.
///
/// Redirects are followed by hand (at most `maximumRedirects`), so a permanent move (301/308) is reported
/// and a redirect loop ends with a clear error; from http(s) they lead only to http(s) (a redirect to
/// `file://` is refused). Each fetch has an overall deadline and a minimum rate (`limits`). Sends `User-Agent: Earshot/<version>`, accepts gzip,
/// and sends If-None-Match / If-Modified-Since when given validators.
public final class FeedLoader {
    /// How many redirects one fetch follows.
    public static let maximumRedirects = 10

    /// The largest document accepted, enforced while streaming (after gzip decoding).
    public let maximumBytes: Int64
    /// Seconds a connection may stay silent before the fetch fails.
    public let timeoutSeconds: UInt32
    /// The overall deadline and minimum rate of each fetch.
    public let limits: TransferLimits
    /// The private feeds' credentials, sent with every request to their origins (feeds, web pages,
    /// chapters, transcripts).
    public let credentials: FeedCredentials
    let context: MainContext
    let session: UnsafeMutablePointer<SoupSession>

    /// A loader bound to the calling thread's default main context.
    public init(maximumBytes: Int64 = 64 << 20, timeoutSeconds: UInt32 = 30, limits: TransferLimits = .feed,
                credentials: FeedCredentials = FeedCredentials()) {
        self.credentials = credentials
        self.maximumBytes = maximumBytes
        self.limits = limits
        self.timeoutSeconds = timeoutSeconds
        context = .threadDefault()
        session = context.withThreadDefault { earshot_soup_session_new(EarshotVersion.userAgent, timeoutSeconds)! }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// The seed's use case: download, validate and deliver the channel, or why not.
    public func load(_ url: URL, completion: @escaping (Result<Channel, FeedError>) -> Void) {
        fetch(url) { result in
            completion(result.flatMap { outcome in
                switch outcome {
                case .fetched(let fetched): return .success(fetched.feed.channel)
                case .notModified: return .failure(.http(status: 304, reason: "Not Modified"))
                }
            })
        }
    }

    /// Fetches and parses `url`; with `validators`, a 304 answer is `.notModified`.
    public func fetch(_ url: URL, validators: FeedValidators = FeedValidators(),
                      completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void) {
        let request = FeedRequest(loader: self, url: url, validators: validators, completion: completion)
        request.start()
    }
}
