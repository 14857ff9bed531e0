import EarshotCore
import EarshotMPRIS
import EarshotStore
import EarshotSync
import Foundation

/// Sync on org.earshot.Earshot1: logging in and out, syncing now, and the status (see
/// dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    /// Answers a sync method; nil for a method that is not one.
    func performSync(_ method: String, _ arguments: [DBusValue]) throws(LibraryError) -> MethodReply? {
        guard ["SyncLogin", "SyncLogout", "SyncNow", "SyncStatus"].contains(method) else { return nil }
        guard let setup = syncSetup else { throw .failed("sync is not available in this Earshot") }
        switch method {
        case "SyncLogin":
            guard let server = arguments[0].stringValue.flatMap(URL.init(string:)), server.host != nil else {
                throw .invalidSetting("“\(arguments[0].stringValue ?? "")” is not a server address")
            }
            let user = arguments[1].stringValue ?? "", password = arguments[2].stringValue ?? ""
            guard !user.isEmpty, !password.isEmpty else { throw .invalidSetting("a user name and a password are needed") }
            guard let dialect = SyncAccount.Dialect(rawValue: arguments[3].stringValue ?? "") else {
                throw .invalidSetting("the server kind is “gpodder” or “nextcloud”")
            }
            return .later { [weak self] respond in
                setup.login(server: server, user: user, password: password, dialect: dialect, allowHTTP: arguments[4].boolValue ?? false) { result in
                    switch result {
                    case .success: self?.syncStatus(respond)
                    case .failure(let error): respond(.failure(error.playerError.busError))
                    }
                }
            }
        case "SyncLogout":
            return .later { respond in setup.logout { respond(.success([])) } }
        case "SyncNow":
            return .later { [weak self] respond in
                let run = { (sync: Sync?) in
                    guard let sync else {
                        return respond(.failure(LibraryError.noEpisode("no sync account: log in with earshot sync login").playerError.busError))
                    }
                    sync.run { _ in self?.syncStatus(respond) }
                }
                if let sync = self?.session.sync { run(sync) } else { setup.resume(then: run) }
            }
        default:
            return .later { [weak self] respond in self?.syncStatus(respond) }
        }
    }

    /// Answers with the sync status (the outbox counted on the background).
    private func syncStatus(_ respond: @escaping (Result<[DBusValue], BusError>) -> Void) {
        let store = self.store as? SyncStore
        background.run({ (try? store?.outboxCount()) ?? 0 }) { [weak self] outbox in
            guard let self else { return }
            var entries: [(String, DBusValue)] = [("outbox", .uint32(UInt32(clamping: outbox)))]
            let account = self.session.sync?.account ?? self.syncSetup?.storedAccount()
            if let account {
                entries += [("server", .string(account.server.absoluteString)), ("user", .string(account.user)),
                            ("dialect", .string(account.dialect.rawValue)), ("device", .string(account.device))]
            }
            if let status = self.session.sync?.status {
                entries += [("running", .boolean(status.running)), ("waiting", .uint32(UInt32(clamping: status.waiting)))]
                if let last = status.lastSync { entries.append(("last_sync", .int64(Int64(last.timeIntervalSince1970.rounded(.down))))) }
                if let failure = status.lastFailure { entries.append(("error", .string(failure))) }
            }
            if let place = self.syncSetup?.passwordPlace { entries.append(("password_in", .string(place.rawValue))) }
            respond(.success([.vardict(entries)]))
        }
    }
}
