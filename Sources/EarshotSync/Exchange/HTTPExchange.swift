import CEarshot
import CGLib
import CSoup
import EarshotFeed
import EarshotGLib
import EarshotLocale
import Foundation

/// Why an HTTP exchange with a service failed, in plain words (never with the password).
public enum HTTPExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, or the transfer broke or took too long.
    case unreachable(String)
    /// The answer was larger than the exchange accepts.
    case tooLarge(Int64)

    public var description: String {
        switch self {
        case .unreachable(let words): words
        case .tooLarge(let limit): tr("the answer is larger than %d MiB", Int(limit >> 20))
        }
    }
}

/// Requests to a web service that needs an account (a podcast sync server): HTTP Basic on every request
/// and the session cookie kept (servers differ in which they honour), bodies of bounded size, the
/// transfer limits of a feed. Redirects are not followed: a redirect would carry the credentials to
/// wherever it points, so it comes back as the status it is. Completions run later on the context.
public final class HTTPExchange {
    /// The largest answer accepted (a year of episode actions fits many times).
    public static let maximumBytes: Int64 = 64 << 20
    public let context: MainContext
    let session: UnsafeMutablePointer<SoupSession>
    let timeoutSeconds: UInt32

    /// An exchange with its own session and cookie jar on `context`.
    public init(context: MainContext = .threadDefault(), timeoutSeconds: UInt32 = 30) {
        self.context = context
        self.timeoutSeconds = timeoutSeconds
        session = context.withThreadDefault { earshot_soup_session_new_with_cookies(EarshotVersion.userAgent, timeoutSeconds)! }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// Sends `method` to `url` with `body` (JSON, or a form when `form`), as `user` with `password` when
    /// given; the status and the body of the answer, whatever the status.
    public func send(_ method: String, _ url: URL, body: [UInt8]? = nil, form: Bool = false, user: String? = nil, password: String = "",
                     completion: @escaping (Result<(status: Int, body: ResponseBody), HTTPExchangeError>) -> Void) {
        HTTPExchangeRequest(exchange: self, method: method, url: url, body: body, form: form, credentials: user.map { ($0, password) },
                            completion: completion).start()
    }
}

/// One request in flight; it keeps itself alive through the user data of its pending calls.
private final class HTTPExchangeRequest {
    private let exchange: HTTPExchange
    private let method: String
    private let url: URL
    private let body: [UInt8]?
    private let credentials: (user: String, password: String)?
    private let form: Bool
    private let completion: (Result<(status: Int, body: ResponseBody), HTTPExchangeError>) -> Void
    private let cancellable = g_cancellable_new()
    private var message: OpaquePointer?
    private var watchdog: TransferWatchdog?
    private var received = ResponseBody()
    private var finished = false

    init(exchange: HTTPExchange, method: String, url: URL, body: [UInt8]?, form: Bool, credentials: (String, String)?,
         completion: @escaping (Result<(status: Int, body: ResponseBody), HTTPExchangeError>) -> Void) {
        self.exchange = exchange
        self.form = form
        self.method = method
        self.url = url
        self.body = body
        self.credentials = credentials
        self.completion = completion
    }

    deinit {
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
    }

    private var host: String { url.host ?? url.absoluteString }

    func start() {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let created = soup_message_new(method, url.absoluteString) else {
            return finish(.failure(.unreachable(tr("“%s” is not an http or https URL", url.absoluteString))))
        }
        message = created
        ResponseBodyEnd.prepare(created)
        earshot_soup_message_forbid_redirects(created)
        let headers = soup_message_get_request_headers(created)
        if let credentials {
            soup_message_headers_replace(headers, "Authorization", BasicAuthorization.header(user: credentials.user, password: credentials.password))
        }
        soup_message_headers_replace(headers, "Accept", "application/json")
        if let body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(created, form ? "application/x-www-form-urlencoded" : "application/json", bytes)
            g_bytes_unref(bytes)
        }
        watchdog = TransferWatchdog(limits: .feed, context: exchange.context) { [self] fault in
            g_cancellable_cancel(cancellable)
            finish(.failure(.unreachable("\(host): \(fault)")))
        }
        exchange.context.withThreadDefault {
            soup_session_send_async(exchange.session, created, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
                let request = Unmanaged<HTTPExchangeRequest>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(request.exchange.session, result, &error)
                request.responded(stream: stream, error: GLibError(taking: error))
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func responded(stream: UnsafeMutablePointer<GInputStream>?, error: GLibError?) {
        guard let message, let stream else {
            return finish(.failure(.unreachable(TransferFailure.describe(error, host: host, timeoutSeconds: exchange.timeoutSeconds))))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let status = Int(soup_message_get_status(message).rawValue)
        if let retryAfter = soup_message_headers_get_one(soup_message_get_response_headers(message), "Retry-After") {
            received.retryAfter = String(cString: retryAfter)
        }
        watchdog?.bodyStarted(length: nil)
        StreamReader(stream, of: message, on: exchange.context, cancellable: cancellable, limit: HTTPExchange.maximumBytes,
                     chunk: { [unowned self] piece in
                         watchdog?.received(piece.count)
                         received.append(piece)
                     },
                     done: { [self] outcome in
                         switch outcome {
                         case .finished: finish(.success((status, received)))
                         case .tooLarge:
                             g_cancellable_cancel(cancellable)
                             finish(.failure(.tooLarge(HTTPExchange.maximumBytes)))
                         case .failed(let error): finish(.failure(.unreachable("\(host): \(error?.message ?? tr("the transfer failed"))")))
                         }
                     })
    }

    /// Delivers the outcome once, from the context.
    private func finish(_ result: Result<(status: Int, body: ResponseBody), HTTPExchangeError>) {
        guard !finished else { return }
        finished = true
        watchdog?.stop()
        watchdog = nil
        let completion = self.completion
        exchange.context.addIdle { completion(result) }
    }
}
