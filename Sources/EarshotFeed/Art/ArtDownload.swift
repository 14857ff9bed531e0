import CGLib
import CSoup
import EarshotGLib
import Foundation

/// One image download in flight. It keeps itself alive (through the user data of its pending libsoup or
/// GIO call) until it ends, follows redirects by hand (from http(s) only to http(s)), streams the body
/// into memory within the size limit and the transfer limits, and has the cache's housekeeper store it
/// atomically in `directory`, off the loop. `completion` is called once, on the cache's main context.
final class ArtDownload {
    private let cache: ArtCache
    private let remote: URL
    private let directory: URL
    private let completion: (Result<StoredArt, ArtError>) -> Void
    private let cancellable = g_cancellable_new()
    private var url: URL
    private var redirects: RedirectChain
    private var watchdog: TransferWatchdog?
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var body: [UInt8] = []
    private var fileExtension = ArtFileName.fallbackExtension
    private var finished = false

    init(cache: ArtCache, remote: URL, into directory: URL, completion: @escaping (Result<StoredArt, ArtError>) -> Void) {
        self.cache = cache
        self.remote = remote
        self.directory = directory
        url = remote
        redirects = RedirectChain(start: remote)
        self.completion = completion
    }

    deinit {
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    func start() {
        watchdog = TransferWatchdog(limits: cache.limits, context: cache.context) { [self] fault in
            abort(.transfer(fault))
        }
        send()
    }

    private func send() {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        guard let created = soup_message_new("GET", url.absoluteString) else {
            message = nil
            finish(.failure(.connectivity("\(url.absoluteString) is not a valid URL")))
            return
        }
        message = created
        soup_message_add_flags(created, SOUP_MESSAGE_NO_REDIRECT)
        ResponseBodyEnd.prepare(created)
        soup_message_headers_replace(soup_message_get_request_headers(created), "Accept",
                                     "image/avif, image/webp, image/png, image/jpeg, image/*;q=0.8")
        cache.credentials.authorize(created)
        cache.context.withThreadDefault {
            soup_session_send_async(cache.session, created, G_PRIORITY_LOW, cancellable, { _, result, data in
                let download = Unmanaged<ArtDownload>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(download.cache.session, result, &error)
                download.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    // MARK: Response

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard let message, let stream else {
            finish(.failure(connectivityError(error)))
            return
        }
        self.stream = stream
        let status = Int(soup_message_get_status(message).rawValue)
        let headers = soup_message_get_response_headers(message)
        if (300..<400).contains(status), let location = soup_message_headers_get_one(headers, "Location") {
            return redirect(to: String(cString: location))
        }
        guard (200..<300).contains(status) else {
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            abort(.http(status: status, reason: reason))
            return
        }
        let contentType = soup_message_headers_get_content_type(headers, nil).map { String(cString: $0).lowercased() }
        guard let contentType, contentType.hasPrefix("image/") else {
            abort(.notAnImage(contentType.map { "the server sent \($0)" } ?? "the server sent no Content-Type"))
            return
        }
        // Content-Length counts the encoded bytes; only trust it up front when nothing is decoded.
        if soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH,
           soup_message_headers_get_one(headers, "Content-Encoding") == nil {
            let length = soup_message_headers_get_content_length(headers)
            guard length <= cache.maximumImageBytes else {
                abort(.tooLarge(limit: cache.maximumImageBytes))
                return
            }
            body.reserveCapacity(Int(length))
        }
        fileExtension = ArtFileName.fileExtension(contentType: contentType, remote: remote)
        readBody()
    }

    private func redirect(to location: String) {
        switch redirects.follow(location, from: url) {
        case .success(let target):
            releaseStream()
            url = target
            send()
        case .failure(.unreadable(let location)):
            abort(.connectivity("the server redirected to an unreadable location “\(location)”"))
        case .failure(.loop(let loop)):
            abort(.connectivity("redirect loop: \(RedirectChain.Refusal.describe(loop: loop))"))
        case .failure(.tooMany(let maximum)):
            abort(.connectivity("more than \(maximum) redirects"))
        case .failure(.scheme(let from, let to)):
            abort(.transfer(.redirectRefused(from: from.absoluteString, to: to.absoluteString)))
        }
    }

    // MARK: Body

    private func readBody() {
        guard let stream, let message else { return abort(connectivityError(nil)) }
        let headers = soup_message_get_response_headers(message)
        watchdog?.bodyStarted(length: soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH
                              ? Int64(soup_message_headers_get_content_length(headers)) : nil)
        StreamReader(stream, of: message, on: cache.context, cancellable: cancellable, limit: cache.maximumImageBytes,
                     priority: G_PRIORITY_LOW,
                     chunk: { [unowned self] bytes in
                         watchdog?.received(bytes.count)
                         body.append(contentsOf: bytes)
                     },
                     done: { [self] outcome in
                         switch outcome {
                         case .finished: store()
                         case .tooLarge: abort(.tooLarge(limit: cache.maximumImageBytes))
                         case .failed(let error): abort(connectivityError(error))
                         }
                     })
    }

    // MARK: Storing

    private func store() {
        watchdog?.stop()
        releaseStream()
        guard !body.isEmpty else {
            finish(.failure(.notAnImage("the server sent an empty body")))
            return
        }
        let bytes = body, directory = self.directory
        let name = "\(ArtFileName.hash(of: remote)).\(fileExtension)"
        body = []
        cache.housekeeper.perform({ ArtFileWriter.write(bytes, named: name, in: directory) }, then: { [self] written in
            finish(written)
        })
    }

    // MARK: Ending

    /// Stops the transfer (libsoup closes the connection instead of draining the rest of the body) and fails.
    private func abort(_ error: ArtError) {
        g_cancellable_cancel(cancellable)
        releaseStream()
        body = []
        finish(.failure(error))
    }

    private func releaseStream() {
        guard let stream else { return }
        g_object_unref(UnsafeMutableRawPointer(stream))
        self.stream = nil
    }

    private func connectivityError(_ error: GLibError?) -> ArtError {
        .connectivity(TransferFailure.describe(error, host: url.host ?? url.absoluteString, timeoutSeconds: cache.timeoutSeconds))
    }

    private func finish(_ result: Result<StoredArt, ArtError>) {
        guard !finished else { return }
        finished = true
        watchdog?.stop()
        watchdog = nil
        completion(result)
    }
}
