import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// A small document fetched whole over http(s): what the server answered (any status: a directory's
/// refusal comes with a body worth reading) and the bytes, at most a limit.
struct FetchedDocument: Sendable {
    let status: Int
    let reason: String
    /// Where the document was in the end (libsoup follows redirects, only to http and https).
    let url: URL
    /// The media type without parameters, lower case (`text/html`), when the server named one.
    let mediaType: String?
    /// The `charset` parameter of Content-Type, when given.
    let charset: String?
    /// The Retry-After header, when sent.
    let retryAfter: String?
    /// Where a redirect that was not followed points (its Location header), when sent.
    let location: String?
    let bytes: [UInt8]

    var succeeded: Bool { (200..<300).contains(status) }
    /// An answer that sends the request elsewhere (3xx with a Location).
    var isRedirect: Bool { (300..<400).contains(status) && location != nil }
}

/// Why a small document could not be had.
enum DocumentFetchFailure: Error, Sendable, Equatable {
    /// The server could not be reached or the transfer failed (in words naming the host).
    case transfer(String)
    /// More than the limit arrived.
    case tooLarge(Int64)
}

/// Fetches one small document (a chapters file, a directory's reply, a web page) with a feed loader's
/// libsoup session, on its main context: GET with the given headers, the transfer limits of cover art
/// (a deadline and a minimum rate), a byte limit enforced while the body streams. The completion runs
/// later on the context, once, unless `cancel()` came first. The fetch keeps itself alive meanwhile.
final class DocumentFetch {
    private let loader: FeedLoader
    private let limit: Int64
    /// The address asked for (libsoup reports where redirects led).
    private let asked: URL
    private let completion: (Result<FetchedDocument, DocumentFetchFailure>) -> Void
    private let cancellable = g_cancellable_new()
    private var message: OpaquePointer?
    private var watchdog: TransferWatchdog?
    private var bytes: [UInt8] = []
    private var finished = false

    private init(loader: FeedLoader, url: URL, limit: Int64, completion: @escaping (Result<FetchedDocument, DocumentFetchFailure>) -> Void) {
        self.loader = loader
        self.limit = limit
        asked = url
        self.completion = completion
    }

    deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    /// Starts fetching `url`, an http or https address; with `followingRedirects` false, a redirect is
    /// the answer (for a request whose headers carry a key meant for `url`'s server only).
    @discardableResult
    static func start(_ url: URL, headers: [(String, String)], followingRedirects: Bool = true, limit: Int64, with loader: FeedLoader,
                      completion: @escaping (Result<FetchedDocument, DocumentFetchFailure>) -> Void) -> DocumentFetch {
        let fetch = DocumentFetch(loader: loader, url: url, limit: limit, completion: completion)
        fetch.send(headers: headers, followingRedirects: followingRedirects)
        return fetch
    }

    /// Stops the transfer; the completion will not run.
    func cancel() {
        finished = true
        watchdog?.stop()
        g_cancellable_cancel(cancellable)
    }

    private var context: MainContext { loader.context }

    private func send(headers: [(String, String)], followingRedirects: Bool) {
        let url = asked
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let created = soup_message_new("GET", url.absoluteString) else {
            return finish(.failure(.transfer("“\(url.absoluteString)” is not an http or https URL")))
        }
        message = created
        ResponseBodyEnd.prepare(created)
        if !followingRedirects { soup_message_add_flags(created, SOUP_MESSAGE_NO_REDIRECT) }
        let requestHeaders = soup_message_get_request_headers(created)
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }
        loader.credentials.authorize(created)
        watchdog = TransferWatchdog(limits: .art, context: context) { [self] fault in
            g_cancellable_cancel(cancellable)
            finish(.failure(.transfer("\(fault)")))
        }
        context.withThreadDefault {
            soup_session_send_async(loader.session, created, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
                let fetch = Unmanaged<DocumentFetch>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(fetch.loader.session, result, &error)
                fetch.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard !finished else {
            if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
            return
        }
        guard let message, let stream else {
            let host = asked.host ?? asked.absoluteString
            return finish(.failure(.transfer(TransferFailure.describe(error, host: host, timeoutSeconds: loader.timeoutSeconds))))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        watchdog?.bodyStarted(length: nil)
        StreamReader(stream, of: message, on: context, cancellable: cancellable, limit: limit, priority: G_PRIORITY_DEFAULT,
                     chunk: { [unowned self] piece in
                         watchdog?.received(piece.count)
                         bytes += piece
                     },
                     done: { [self] outcome in
                         switch outcome {
                         case .finished: finish(.success(document(of: message)))
                         case .tooLarge:
                             g_cancellable_cancel(cancellable)
                             finish(.failure(.tooLarge(limit)))
                         case .failed(let error): finish(.failure(.transfer(error?.message ?? "the transfer failed")))
                         }
                     })
    }

    private func document(of message: OpaquePointer) -> FetchedDocument {
        let headers = soup_message_get_response_headers(message)
        var mediaType: String?, charset: String?
        var parameters: OpaquePointer?
        if let type = soup_message_headers_get_content_type(headers, &parameters) {
            mediaType = String(cString: type).lowercased()
            if let parameters {
                charset = g_hash_table_lookup(parameters, "charset").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                g_hash_table_destroy(parameters)
            }
        }
        var final = asked
        if let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) {
            final = URL(string: String(cString: text)) ?? asked
            g_free(text)
        }
        return FetchedDocument(
            status: Int(soup_message_get_status(message).rawValue),
            reason: soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? "",
            url: final, mediaType: mediaType, charset: charset,
            retryAfter: soup_message_headers_get_one(headers, "Retry-After").map { String(cString: $0) },
            location: soup_message_headers_get_one(headers, "Location").map { String(cString: $0) }, bytes: bytes)
    }

    /// Delivers the outcome once, from the main context.
    private func finish(_ result: Result<FetchedDocument, DocumentFetchFailure>) {
        guard !finished else { return }
        finished = true
        watchdog?.stop()
        watchdog = nil
        bytes = []
        let completion = self.completion
        context.addIdle { completion(result) }
    }
}
