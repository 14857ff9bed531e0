import EarshotFeed
import EarshotGLib
import EarshotSync
import Foundation

/// Nextcloud's Login Flow v2: the server gives an address for the listener to open in a browser and a
/// token to poll with; once they let Earshot in, the poll answers with an app password (never their own
/// password). The token is sent, and the answer taken, only on the server's own origin
/// (`SyncServerAddress.sameOrigin`), whatever address the server's reply names.
struct NextcloudLoginFlow {
    let server: URL
    let exchange = HTTPExchange()

    /// The grant: the server's address, the login name and the app password.
    struct Grant {
        var server: String
        var user: String
        var appPassword: String
    }

    /// Starts the flow, shows the address with `show`, and polls every 2 s for up to 20 minutes.
    func run(show: (URL) -> Void) throws -> Grant {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let start = try send("POST", URL(string: base + "/index.php/login/v2")!, body: nil)
        guard start.status == 200, let root = try? JSONSerialization.jsonObject(with: Data(start.body)) as? [String: Any],
              let poll = root["poll"] as? [String: Any], let token = poll["token"] as? String,
              let endpoint = (poll["endpoint"] as? String).flatMap(URL.init(string:)),
              let login = (root["login"] as? String).flatMap(URL.init(string:)) else {
            throw CommandFailure("\(server.absoluteString) does not offer Nextcloud's login flow (answer \(start.status))")
        }
        guard SyncServerAddress.sameOrigin(endpoint, as: server), SyncServerAddress.sameOrigin(login, as: server) else {
            throw CommandFailure("\(server.host ?? server.absoluteString) asks to log in or poll on another server "
                                 + "(\(endpoint.host ?? endpoint.absoluteString)): the login is not sent there")
        }
        show(login)
        let form = Array(("token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)).utf8)
        for _ in 0..<600 {
            let answer = try send("POST", endpoint, body: form)
            if answer.status == 200, let grant = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
               let server = grant["server"] as? String, let user = grant["loginName"] as? String, let password = grant["appPassword"] as? String {
                return Grant(server: server, user: user, appPassword: password)
            }
            guard answer.status == 404 else { throw CommandFailure("\(endpoint.host ?? "the server") answered \(answer.status) while waiting for the login") }
            Thread.sleep(forTimeInterval: 2)
        }
        throw CommandFailure("nobody let Earshot in within 20 minutes")
    }

    /// One request, waited for on this thread's main context.
    private func send(_ method: String, _ url: URL, body: [UInt8]?) throws -> (status: Int, body: [UInt8]) {
        var result: Result<(status: Int, body: ResponseBody), HTTPExchangeError>?
        exchange.send(method, url, body: body, form: body != nil) { result = $0 }
        while result == nil { MainContext.threadDefault().iterate(mayBlock: true) }
        switch result! {
        case .success(let answer): return (answer.status, answer.body.joined())
        case .failure(let error): throw CommandFailure("\(url.host ?? url.absoluteString): \(error)")
        }
    }
}
