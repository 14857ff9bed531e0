import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// Why an episode's chapters file could not be had, in plain words.
public enum ChaptersFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, answered with an error, or the transfer failed.
    case transfer(String)
    /// The document is not a Podcasting 2.0 chapters file.
    case document(ChaptersDocumentError)

    public var description: String {
        switch self {
        case .transfer(let words): words
        case .document(let error): "not a chapters file: \(error)"
        }
    }
}

/// Fetches Podcasting 2.0 chapters files (`podcast:chapters`) over http(s) with the feed loader's libsoup
/// session, within the cover-art transfer limits and `maximumBytes`, and reads them on a worker thread
/// (`ChaptersDocument.parse`). Completions run later on the loader's main context.
public final class ChaptersLoader {
    /// The largest chapters file accepted.
    public static let maximumBytes: Int64 = 1 << 20
    let feeds: FeedLoader

    /// A loader sharing `feeds`' session and main context.
    public init(sharing feeds: FeedLoader) { self.feeds = feeds }

    /// Fetches and reads the chapters file at `url`.
    public func fetch(_ url: URL, completion: @escaping (Result<[Chapter], ChaptersFetchError>) -> Void) {
        ChaptersRequest(loader: self, url: url, completion: completion).start()
    }
}

/// One chapters file in flight; it keeps itself alive through the user data of its pending calls.
private final class ChaptersRequest {
    private let loader: ChaptersLoader
    private let url: URL
    private let completion: (Result<[Chapter], ChaptersFetchError>) -> Void
    private let cancellable = g_cancellable_new()
    private var message: OpaquePointer?
    private var watchdog: TransferWatchdog?
    private var bytes: [UInt8] = []
    private var finished = false

    init(loader: ChaptersLoader, url: URL, completion: @escaping (Result<[Chapter], ChaptersFetchError>) -> Void) {
        self.loader = loader
        self.url = url
        self.completion = completion
    }

    deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    private var context: MainContext { loader.feeds.context }

    func start() {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let created = soup_message_new("GET", url.absoluteString) else {
            return finish(.failure(.transfer("“\(url.absoluteString)” is not an http or https URL")))
        }
        message = created
        ResponseBodyEnd.prepare(created)
        soup_message_headers_replace(soup_message_get_request_headers(created), "Accept", "application/json+chapters, application/json;q=0.9, */*;q=0.5")
        watchdog = TransferWatchdog(limits: .art, context: context) { [self] fault in
            g_cancellable_cancel(cancellable)
            finish(.failure(.transfer("\(fault)")))
        }
        context.withThreadDefault {
            soup_session_send_async(loader.feeds.session, created, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
                let request = Unmanaged<ChaptersRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(request.loader.feeds.session, result, &error)
                request.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard let message, let stream else {
            let host = url.host ?? url.absoluteString
            return finish(.failure(.transfer(TransferFailure.describe(error, host: host, timeoutSeconds: loader.feeds.timeoutSeconds))))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let status = Int(soup_message_get_status(message).rawValue)
        guard (200..<300).contains(status) else {
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            return finish(.failure(.transfer("the server answered \(status) \(reason)")))
        }
        watchdog?.bodyStarted(length: nil)
        StreamReader(stream, of: message, on: context, cancellable: cancellable, limit: ChaptersLoader.maximumBytes,
                     chunk: { [unowned self] piece in
                         watchdog?.received(piece.count)
                         bytes += piece
                     },
                     done: { [self] outcome in
                         switch outcome {
                         case .finished: parse()
                         case .tooLarge:
                             g_cancellable_cancel(cancellable)
                             finish(.failure(.transfer("the chapters file is larger than \(ChaptersLoader.maximumBytes >> 10) KiB")))
                         case .failed(let error): finish(.failure(.transfer(error?.message ?? "the transfer failed")))
                         }
                     })
    }

    private func parse() {
        watchdog?.stop()
        let bytes = self.bytes
        self.bytes = []
        Worker.run("earshot-chapters", on: context, work: { () -> Result<[Chapter], ChaptersFetchError> in
            do throws(ChaptersDocumentError) {
                return .success(try ChaptersDocument.parse(bytes))
            } catch {
                return .failure(.document(error))
            }
        }, completion: { [self] result in finish(result) })
    }

    /// Delivers the outcome once, from the main context.
    private func finish(_ result: Result<[Chapter], ChaptersFetchError>) {
        guard !finished else { return }
        finished = true
        watchdog?.stop()
        watchdog = nil
        let completion = self.completion
        context.addIdle { completion(result) }
    }
}
