import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// `SyncServer` over HTTP: the gpodder.net API 2 (gpodder.net, oPodSync, mygpo) or the Nextcloud
/// gPodder Sync app, through an `HTTPExchange` on the network thread (Basic on every request, the
/// session cookie kept; a first sync's megabytes arrive off the loop). A 401 logs in once more and
/// tries again, then reports. Replies are read defensively (`SyncJSON`), the big ones on a worker.
public final class GPodderSyncClient: SyncServer {
    let account: SyncAccount
    private let password: String
    private let exchange: NetworkThreadExchange
    /// Where completions run: the loop.
    private let context: MainContext
    /// What this device calls itself on the server.
    private let caption: String
    /// Logged in and the device registered: later syncs go straight to work (a 401 logs in again).
    private var ready = false

    /// A client for `account` with `password`, naming the device `caption`.
    public init(account: SyncAccount, password: String, caption: String, context: MainContext = .threadDefault()) {
        self.account = account
        self.password = password
        self.caption = caption
        self.context = context
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
            request("GET", url("/index.php/apps/gpoddersync/subscriptions?since=\(Int64.max / 2)")) { completion($0.map { _ in }) }
        case .gpodder:
            login { [self] result in
                guard case .success = result else { return completion(result) }
                let body = SyncJSON.encode(["caption": caption, "type": "desktop"])
                request("POST", url("/api/2/devices/\(user)/\(device).json"), body: body) { completion($0.map { _ in }) }
            }
        }
    }

    public func subscriptions(since: Int64, completion: @escaping (Result<SubscriptionDelta, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/subscriptions/\(user)/\(device).json" : "/index.php/apps/gpoddersync/subscriptions"
        request("GET", url(path + "?since=\(since)")) { result in
            completion(result.flatMap { body in
                SyncJSON.subscriptionDelta(body.joined()).map(Result.success) ?? .failure(.server("the server's subscriptions are not the API's"))
            })
        }
    }

    public func uploadSubscriptions(add: [String], remove: [String], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/subscriptions/\(user)/\(device).json"
            : "/index.php/apps/gpoddersync/subscription_change/create"
        request("POST", url(path), body: SyncJSON.encode(["add": add, "remove": remove])) { result in
            completion(result.map { SyncJSON.receipt($0.joined()) })
        }
    }

    public func actions(since: Int64, completion: @escaping (Result<ActionPage, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/episodes/\(user).json" : "/index.php/apps/gpoddersync/episode_action"
        let context = self.context
        request("GET", url(path + "?since=\(since)")) { result in
            // A first sync reads tens of thousands of actions: they are read on a worker, not on the loop.
            Worker.run("earshot-sync-read", on: context, work: {
                result.flatMap { body in
                    SyncJSON.actionPage(body.joined()).map(Result.success) ?? .failure(.server("the server's episode actions are not the API's"))
                }
            }, completion: completion)
        }
    }

    public func uploadActions(_ actions: [EpisodeAction], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        let path = account.dialect == .gpodder ? "/api/2/episodes/\(user).json" : "/index.php/apps/gpoddersync/episode_action/create"
        request("POST", url(path), body: SyncJSON.actions(actions)) { result in
            completion(result.map { SyncJSON.receipt($0.joined()) })
        }
    }

    // MARK: Requests

    private func login(completion: @escaping (Result<Void, SyncFailure>) -> Void) {
        request("POST", url("/api/2/auth/\(user)/login.json"), retrying: false) { completion($0.map { _ in }) }
    }

    /// Sends a request; a 401 logs in once more (gpodder.net's session may have expired) and tries again.
    private func request(_ method: String, _ url: URL, body: [UInt8]? = nil, retrying: Bool = true,
                         completion: @escaping (Result<ResponseBody, SyncFailure>) -> Void) {
        exchange.send(method, url, body: body, user: account.user, password: password) { [self] result in
            switch result {
            case .failure(let error):
                completion(.failure(.unreachable(error.description)))
            case .success(let answer) where answer.status == 401 && retrying && account.dialect == .gpodder:
                login { [self] again in
                    guard case .success = again else { return completion(.failure(.unauthorized(Self.refused(account)))) }
                    request(method, url, body: body, retrying: false, completion: completion)
                }
            case .success(let answer) where answer.status == 401 || answer.status == 403:
                completion(.failure(.unauthorized(Self.refused(account))))
            case .success(let answer) where (200..<300).contains(answer.status):
                completion(.success(answer.body))
            case .success(let answer):
                completion(.failure(.server("\(url.host ?? "the server") answered \(answer.status) to \(method) \(url.path)")))
            }
        }
    }

    private static func refused(_ account: SyncAccount) -> String {
        "\(account.server.host ?? account.server.absoluteString) refused the user name or password of \(account.user)"
    }
}
