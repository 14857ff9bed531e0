import CEarshot
import CGLib
import CSoup
import EarshotGLib
import EarshotLocale
import Foundation

/// One fetch in flight: it keeps itself alive (through the user data of its pending GIO call) until it
/// completes, follows redirects (from http(s) only to http(s)), streams the body within the size limit and
/// the transfer limits (deadline, minimum rate), and hands the bytes to a worker thread for parsing.
final class FeedRequest {
    private let loader: FeedLoader
    private let validators: FeedValidators
    private let completion: (Result<FeedFetchResult, FeedError>) -> Void
    private let cancellable = g_cancellable_new()
    private var url: URL
    private var redirects: RedirectChain
    private var watchdog: TransferWatchdog?
    private var permanentURL: URL?
    private var onlyPermanentRedirects = true
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var chunks: [[UInt8]] = []
    private var charsetHint: String?
    private var responseValidators = FeedValidators()
    private var finished = false

    init(loader: FeedLoader, url: URL, validators: FeedValidators,
         completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void) {
        self.loader = loader
        self.url = url
        redirects = RedirectChain(start: url, maximum: FeedLoader.maximumRedirects)
        self.validators = validators
        self.completion = completion
    }

    deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    func start() {
        watchdog = TransferWatchdog(limits: loader.limits, context: loader.context) { [self] fault in
            g_cancellable_cancel(cancellable)
            fail(.transfer(fault))
        }
        open()
    }

    private func open() {
        switch url.scheme?.lowercased() {
        case "http"?, "https"?: send()
        case "file"?: openFile()
        default:
            fail(.connectivity(tr("Earshot cannot fetch “%s”: only http, https and file URLs are supported", "\(url.absoluteString)")))
        }
    }

    // MARK: HTTP

    private func send() {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        guard let created = soup_message_new("GET", url.absoluteString) else {
            fail(.connectivity(tr("“%s” is not a valid URL", "\(url.absoluteString)")))
            return
        }
        message = created
        soup_message_add_flags(created, SOUP_MESSAGE_NO_REDIRECT)
        earshot_soup_message_keep_connection_after_304(created)
        ResponseBodyEnd.prepare(created)
        let headers = soup_message_get_request_headers(created)
        soup_message_headers_replace(headers, "Accept",
                                     "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5")
        loader.credentials.authorize(created)
        if let etag = validators.etag { soup_message_headers_replace(headers, "If-None-Match", etag) }
        if let lastModified = validators.lastModified {
            soup_message_headers_replace(headers, "If-Modified-Since", lastModified)
        }
        loader.context.withThreadDefault {
            soup_session_send_async(loader.session, created, G_PRIORITY_LOW, cancellable, { _, result, data in
                let request = Unmanaged<FeedRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(request.loader.session, result, &error)
                request.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard let message, let stream else {
            fail(connectivityError(error))
            return
        }
        self.stream = stream
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = soup_message_get_response_headers(message)
        switch status {
        case 200..<300:
            responseValidators = FeedValidators(etag: header(headers, "ETag"), lastModified: header(headers, "Last-Modified"))
            var params: OpaquePointer?
            if soup_message_headers_get_content_type(headers, &params) != nil, let params {
                charsetHint = g_hash_table_lookup(params, "charset").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
                g_hash_table_destroy(params)
            }
            readBody()
        case 304:
            readEmptyBodyThenFinish(stream)
        case 300..<400 where header(headers, "Location") != nil:
            redirect(status: status, location: header(headers, "Location")!)
        default:
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            fail(.http(status: status, reason: reason))
        }
    }

    /// Reads the body of a 304 (empty by definition) to its end, which hands its connection back to the
    /// session for the next request, then says the feed is unchanged. Dropping or closing the stream
    /// unread closed the connection instead: a refresh with nothing changed opened one per feed.
    private func readEmptyBodyThenFinish(_ stream: UnsafeMutablePointer<GInputStream>) {
        loader.context.withThreadDefault {
            g_input_stream_read_bytes_async(stream, 1, G_PRIORITY_LOW, cancellable, { _, result, data in
                let request = Unmanaged<FeedRequest>.fromOpaque(data!).takeRetainedValue()
                if let bytes = g_input_stream_read_bytes_finish(request.stream, result, nil) { g_bytes_unref(bytes) }
                request.finish(.success(.notModified))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func redirect(status: Int, location: String) {
        let target: URL
        switch redirects.follow(location, from: url) {
        case .success(let next): target = next
        case .failure(.unreadable(let location)):
            return fail(.connectivity(tr("the server redirected to an unreadable location “%s”", "\(location)")))
        case .failure(.loop(let loop)):
            return fail(.connectivity(tr("redirect loop: %s", "\(RedirectChain.Refusal.describe(loop: loop))")))
        case .failure(.tooMany(let maximum)):
            return fail(.connectivity(tr("more than %s redirects", "\(maximum)")))
        case .failure(.scheme(let from, let to)):
            return fail(.transfer(.redirectRefused(from: from.absoluteString, to: to.absoluteString)))
        }
        // Only an unbroken chain of permanent moves from the stored URL changes where the feed lives.
        onlyPermanentRedirects = onlyPermanentRedirects && (status == 301 || status == 308)
        if onlyPermanentRedirects { permanentURL = target }
        if let stream {
            g_object_unref(UnsafeMutableRawPointer(stream))
            self.stream = nil
        }
        url = target
        open()
    }

    private func header(_ headers: OpaquePointer?, _ name: String) -> String? {
        soup_message_headers_get_one(headers, name).map { String(cString: $0) }
    }

    // MARK: Files

    private func openFile() {
        let file = g_file_new_for_uri(url.absoluteString)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        loader.context.withThreadDefault {
            g_file_read_async(file, G_PRIORITY_DEFAULT, cancellable, { source, result, data in
                let request = Unmanaged<FeedRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = g_file_read_finish(OpaquePointer(source), result, &error)
                request.opened(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func opened(stream: UnsafeMutablePointer<GFileInputStream>?, error: GLibError?) {
        guard let stream else {
            let path = url.path
            if let error, error.isNotFound {
                fail(.connectivity(tr("there is no file %s", "\(path)")))
            } else {
                fail(.connectivity(tr("could not read %1$s: %2$s", path, error?.message ?? tr("unknown error"))))
            }
            return
        }
        self.stream = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
        readBody()
    }

    // MARK: Body

    private func readBody() {
        guard let stream else { return fail(.connectivity(tr("the transfer failed"))) }
        watchdog?.bodyStarted(length: announcedLength())
        StreamReader(stream, of: message, on: loader.context, cancellable: cancellable, limit: loader.maximumBytes,
                     chunk: { [unowned self] bytes in
                         watchdog?.received(bytes.count)
                         chunks.append(Array(bytes))
                     },
                     done: { [self] outcome in
                         switch outcome {
                         case .finished: parse()
                         case .tooLarge:
                             g_cancellable_cancel(cancellable)
                             fail(.tooLarge(limit: loader.maximumBytes))
                         case .failed(let error): fail(connectivityError(error))
                         }
                     })
    }

    /// The Content-Length of an HTTP answer (nil for files, chunked bodies and unknown lengths).
    private func announcedLength() -> Int64? {
        guard let message else { return nil }
        let headers = soup_message_get_response_headers(message)
        guard soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        return Int64(soup_message_headers_get_content_length(headers))
    }

    private func parse() {
        watchdog?.stop()
        let chunks = self.chunks, base = url, hint = charsetHint
        self.chunks = []
        Worker.run("earshot-parse", on: loader.context, work: { () -> Result<ParsedFeed, FeedError> in
            let parser = FeedParser(baseURL: base, charsetHint: hint)
            for chunk in chunks { chunk.withUnsafeBytes { parser.feed($0) } }
            return parser.finish()
        }, completion: { [self] parsed in
            finish(parsed.map { feed in
                for warning in feed.warnings { Log.warning("\(base.absoluteString): \(warning)") }
                return .fetched(FetchedFeed(feed: feed, validators: responseValidators, permanentURL: permanentURL,
                                            finalURL: base))
            })
        })
    }

    // MARK: Ending

    private func connectivityError(_ error: GLibError?) -> FeedError {
        .connectivity(TransferFailure.describe(error, host: url.host ?? url.absoluteString, timeoutSeconds: loader.timeoutSeconds))
    }

    private func fail(_ error: FeedError) { finish(.failure(error)) }

    /// Delivers the outcome once, always from the main context (never inside the caller's `fetch`).
    private func finish(_ result: Result<FeedFetchResult, FeedError>) {
        guard !finished else { return }
        finished = true
        watchdog?.stop()
        watchdog = nil
        let completion = self.completion
        loader.context.addIdle { completion(result) }
    }
}
