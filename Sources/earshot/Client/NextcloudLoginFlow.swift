import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotSync
import Foundation

/// Nextcloud's Login Flow v2: the server gives an address for the listener to open in a browser and a
/// token to poll with; once they let Earshot in, the poll answers with an app password (never their own
/// password). The token is sent, and the answer taken, only on the server's own origin
/// (`SyncServerAddress.sameOrigin`), whatever address the server's reply names.
struct NextcloudLoginFlow {
    let server: URL
    var patience = Patience()

    /// How long the flow waits: in all (wall time, whatever the server does), for any one request, and
    /// between polls. A server that holds every poll open is asked again, never waited on for hours.
    struct Patience {
        var total: Duration = .seconds(20 * 60)
        var request: Duration = .seconds(30)
        var pause: Duration = .seconds(2)
    }

    /// The grant: the server's address, the login name and the app password.
    struct Grant {
        var server: String
        var user: String
        var appPassword: String
    }

    /// Starts the flow, shows the address with `show`, and polls every 2 s until the grant comes or the
    /// flow's wall time (20 minutes) is up.
    func run(show: (URL) -> Void) throws -> Grant {
        let clock = ContinuousClock(), deadline = clock.now + patience.total
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let startURL = URL(string: base + "/index.php/login/v2")!
        guard let start = try send("POST", startURL, body: nil, within: patience.request) else {
            // TRANSLATORS: %1$s is the Nextcloud server, %2$s how long Earshot waited ("30 seconds").
            throw CommandFailure(tr("%1$s did not answer within %2$s", server.host ?? server.absoluteString, Self.words(patience.request)))
        }
        guard start.status == 200, let root = try? JSONSerialization.jsonObject(with: Data(start.body)) as? [String: Any],
              let poll = root["poll"] as? [String: Any], let token = poll["token"] as? String,
              let endpoint = (poll["endpoint"] as? String).flatMap(URL.init(string:)),
              let login = (root["login"] as? String).flatMap(URL.init(string:)) else {
            // TRANSLATORS: %1$s is the server's address, %2$d the HTTP status it answered with.
            throw CommandFailure(tr("%1$s does not offer Nextcloud's login flow (answer %2$d)", server.absoluteString, start.status))
        }
        guard SyncServerAddress.sameOrigin(endpoint, as: server), SyncServerAddress.sameOrigin(login, as: server) else {
            // TRANSLATORS: %1$s is the Nextcloud server, %2$s the other server its answer names.
            throw CommandFailure(tr("%1$s asks to log in or poll on another server (%2$s): the login is not sent there",
                                    server.host ?? server.absoluteString, endpoint.host ?? endpoint.absoluteString))
        }
        show(login)
        let form = Array(("token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)).utf8)
        while clock.now < deadline {
            // A poll the server holds open past its time is left behind and asked again.
            if let answer = try send("POST", endpoint, body: form, within: min(patience.request, deadline - clock.now)) {
                if answer.status == 200, let grant = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
                   let server = grant["server"] as? String, let user = grant["loginName"] as? String,
                   let password = grant["appPassword"] as? String {
                    return Grant(server: server, user: user, appPassword: password)
                }
                guard answer.status == 404 else {
                    // TRANSLATORS: %1$s is the Nextcloud server, %2$d the HTTP status it answered a poll with.
                    guard let host = endpoint.host else { throw CommandFailure(tr("the server answered %d while waiting for the login", answer.status)) }
                    throw CommandFailure(tr("%1$s answered %2$d while waiting for the login", host, answer.status))
                }
            }
            let pause = min(patience.pause, deadline - clock.now)
            if pause > .zero { Thread.sleep(forTimeInterval: pause.inSeconds) }
        }
        // TRANSLATORS: the Nextcloud login flow ended without a login; %s is how long it waited ("20 minutes").
        throw CommandFailure(tr("nobody let Earshot in within %s", Self.words(patience.total)))
    }

    /// One request, waited for on this thread's main context for at most `patience`; nil when it took
    /// longer. Each has an exchange of its own, so one left behind never holds a connection the next needs.
    private func send(_ method: String, _ url: URL, body: [UInt8]?, within patience: Duration) throws -> (status: Int, body: [UInt8])? {
        var result: Result<(status: Int, body: ResponseBody), HTTPExchangeError>?
        HTTPExchange().send(method, url, body: body, form: body != nil) { result = $0 }
        guard MainContext.threadDefault().iterate(until: { result != nil }, timeoutSeconds: max(0.001, patience.inSeconds)) else { return nil }
        switch result! {
        case .success(let answer): return (answer.status, answer.body.joined())
        case .failure(let error): throw CommandFailure("\(url.host ?? url.absoluteString): \(error)")
        }
    }

    /// "20 minutes", "30 seconds", "1 second".
    static func words(_ duration: Duration) -> String {
        let seconds = Int(duration.inSeconds.rounded())
        // TRANSLATORS: how long the Nextcloud login flow waits, in minutes (2 or more).
        if seconds >= 120, seconds % 60 == 0 { return trn("%d minute", "%d minutes", seconds / 60, seconds / 60) }
        // TRANSLATORS: how long the Nextcloud login flow waits, in seconds.
        return trn("%d second", "%d seconds", seconds, seconds)
    }
}
