import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// `SyncServer` over HTTP: the gpodder.net API 2 (gpodder.net, oPodSync, mygpo) or the Nextcloud
/// gPodder Sync app, through an `HTTPExchange` on the network thread (Basic on every request, the
/// session cookie kept; a first sync's megabytes arrive off the loop). A 401 logs in once more and
/// tries again, then reports. Replies are read defensively (`SyncJSON`) on the network thread, and a
/// reply's episode actions are handed from there to whoever receives them.
public final class GPodderSyncClient: SyncServer {
    let account: SyncAccount
    private let password: String
    private let exchange: NetworkThreadExchange
    /// What this device calls itself on the server.
    private let caption: String
    /// Logged in and the device registered: later syncs go straight to work (a 401 logs in again).
    private var ready = false

    /// A client for `account` with `password`, naming the device `caption`; completions run on `context`.
    public init(account: SyncAccount, password: String, caption: String, context: MainContext = .threadDefault()) {
        self.account = account
        self.password = password
        self.caption = caption
        exchange = NetworkThreadExchange(home: context)
    }

    private var user: String { Self.segment(account.user) }
    private var device: String { Self.segment(account.device) }

    /// `text` as one segment of a URL path.
    private static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? text
    }

    /// The server's address of `path` (the base address may carry a path of its own).
    private func url(_ path: String) -> URL {
        var base = account.server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path) ?? account.server
    }

    // MARK: SyncServer

    public func start(completion: @escaping (Result<Void, SyncFailure>) -> Void) {
        guard !ready else { return completion(.success(())) }
        let completion = { [weak self] (result: Result<Void, SyncFailure>) in
            if case .success = result { self?.ready = true }
            completion(result)
        }
        switch account.dialect {
        case .nextcloud:
            // No devices and no login call: the first request checks the app password.
            request("GET", url("/index.php/apps/gpoddersync/subscriptions?since=\(Int64.max / 2)"), reading: Self.ignored) { completion($0) }
        case .gpodder:
            login { [self] result in
                guard case .success = result else { return completion(result) }
                let body = SyncJSON.encode(["caption": caption, "type": "desktop"])
                request("POST", url("/api/2/devices/\(user)/\(device).json"), body: body, reading: Self.ignored) { completion($0) }
            }
        }
    }

    public func subscriptions(since: Int64, completion: @escaping (Result<SubscriptionDelta, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/subscriptions/\(user)/\(device).json" : "/index.php/apps/gpoddersync/subscriptions"
        // Read and bounded on the network thread: the loop only sees a reply of a listener's size.
        request("GET", url(path + "?since=\(since)"), reading: { body in
            guard let delta = SyncJSON.subscriptionDelta(body.joined()) else { return .failure(.server(tr("the server's subscriptions are not the API's"))) }
            if let problem = SyncRules.subscriptionsProblem(delta) { return .failure(.server(problem)) }
            return .success(delta)
        }, completion: completion)
    }

    public func uploadSubscriptions(add: [String], remove: [String], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/subscriptions/\(user)/\(device).json"
            : "/index.php/apps/gpoddersync/subscription_change/create"
        request("POST", url(path), body: SyncJSON.encode(["add": add, "remove": remove]), reading: Self.receipt, completion: completion)
    }

    public func actions<T: Sendable>(since: Int64, receive: @escaping @Sendable (ActionPage) -> Result<T, SyncFailure>,
                                     completion: @escaping (Result<T, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/episodes/\(user).json" : "/index.php/apps/gpoddersync/episode_action"
        // A first sync reads tens of thousands of actions: they are read, and received, on the network thread.
        request("GET", url(path + "?since=\(since)"), reading: { body in
            guard let page = SyncJSON.actionPage(body.joined()) else { return .failure(.server(tr("the server's episode actions are not the API's"))) }
            return receive(page)
        }, completion: completion)
    }

    public func uploadActions(_ actions: [EpisodeAction], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/episodes/\(user).json" : "/index.php/apps/gpoddersync/episode_action/create"
        request("POST", url(path), body: SyncJSON.actions(actions), reading: Self.receipt, completion: completion)
    }

    // MARK: Requests

    private func login(completion: @escaping (Result<Void, SyncFailure>) -> Void) {
        request("POST", url("/api/2/auth/\(user)/login.json"), retrying: false, reading: Self.ignored, completion: completion)
    }

    /// A reply whose body says nothing needed.
    private static let ignored: @Sendable (ResponseBody) -> Result<Void, SyncFailure> = { _ in .success(()) }
    /// An upload's receipt.
    private static let receipt: @Sendable (ResponseBody) -> Result<UploadReceipt, SyncFailure> = { .success(SyncJSON.receipt($0.joined())) }

    /// What came back from the network thread: a successful answer already read there, or any other
    /// answer for the loop to deal with.
    private enum Answer<T: Sendable>: Sendable {
        case read(Result<T, SyncFailure>)
        case other(Result<(status: Int, body: ResponseBody), HTTPExchangeError>)
    }

    /// Sends a request; a successful answer is read by `reading` on the network thread. A 401 logs in
    /// once more (gpodder.net's session may have expired) and tries again.
    private func request<T: Sendable>(_ method: String, _ url: URL, body: [UInt8]? = nil, retrying: Bool = true,
                                      reading: @escaping @Sendable (ResponseBody) -> Result<T, SyncFailure>,
                                      completion: @escaping (Result<T, SyncFailure>) -> Void) {
        exchange.send(method, url, body: body, user: account.user, password: password, reading: { result -> Answer<T> in
            if case .success(let answer) = result, (200..<300).contains(answer.status) { return .read(reading(answer.body)) }
            return .other(result)
        }) { [self] answer in
            switch answer {
            case .read(let result):
                completion(result)
            case .other(.failure(let error)):
                completion(.failure(.unreachable(error.description)))
            case .other(.success(let answer)) where answer.status == 401 && retrying && account.dialect == .gpodder:
                login { [self] again in
                    guard case .success = again else { return completion(.failure(.unauthorized(Self.refused(account)))) }
                    request(method, url, body: body, retrying: false, reading: reading, completion: completion)
                }
            case .other(.success(let answer)) where answer.status == 401 || answer.status == 403:
                completion(.failure(.unauthorized(Self.refused(account))))
            case .other(.success(let answer)) where answer.status == 429 || answer.status == 503:
                let waiting = answer.body.retryAfter.flatMap { SyncBackoff.retryAfter($0, now: Date()) }
                // TRANSLATORS: %1$s is the server's name, %2$d an HTTP status (429), %3$s a method (GET), %4$s a path.
                completion(.failure(.busy(tr("%1$s answered %2$d to %3$s %4$s", url.host ?? tr("the server"), answer.status, method, url.path), retryAfter: waiting)))
            case .other(.success(let answer)):
                // TRANSLATORS: %1$s is the server's name, %2$d an HTTP status (500), %3$s a method (GET), %4$s a path.
                completion(.failure(.server(tr("%1$s answered %2$d to %3$s %4$s", url.host ?? tr("the server"), answer.status, method, url.path))))
            }
        }
    }

    private static func refused(_ account: SyncAccount) -> String {
        // TRANSLATORS: %1$s is the sync server's name, %2$s the user name.
        tr("%1$s refused the user name or password of %2$s", account.server.host ?? account.server.absoluteString, account.user)
    }
}
