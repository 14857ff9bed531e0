import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore
import EarshotSync
import Foundation

/// Sync on org.earshot.Earshot1: logging in and out, syncing now, and the status (see
/// dbus/org.earshot.Earshot1.xml).
extension LibraryInterface {
    func syncLogin(server text: String, user: String, password: String, dialect name: String, allowHTTP: Bool) throws(LibraryError) -> MethodReply {
        let setup = try availableSync()
        guard let server = URL(string: text), server.host != nil else { throw .invalidSetting(tr("“%s” is not a server address", "\(text)")) }
        guard !user.isEmpty, !password.isEmpty else { throw .invalidSetting(tr("a user name and a password are needed")) }
        guard let dialect = SyncAccount.Dialect(rawValue: name) else { throw .invalidSetting(tr("the server kind is “gpodder” or “nextcloud”")) }
        return .later { [weak self] respond in
            setup.login(server: server, user: user, password: password, dialect: dialect, allowHTTP: allowHTTP) { result in
                switch result {
                case .success: self?.answerSyncStatus(respond)
                case .failure(let error): respond(.failure(error.playerError.busError))
                }
            }
        }
    }

    func syncLogout() throws(LibraryError) -> MethodReply {
        let setup = try availableSync()
        return .later { respond in setup.logout { respond(.success([])) } }
    }

    func syncNow() throws(LibraryError) -> MethodReply {
        let setup = try availableSync()
        return .later { [weak self] respond in
            let run = { (sync: Sync?) in
                guard let sync else {
                    return respond(.failure(LibraryError.noEpisode(tr("no sync account: log in with earshot sync login")).playerError.busError))
                }
                sync.run { _ in self?.answerSyncStatus(respond) }
            }
            if let sync = self?.session.sync { run(sync) } else { setup.resume(then: run) }
        }
    }

    func syncStatus() throws(LibraryError) -> MethodReply {
        _ = try availableSync()
        return .later { [weak self] respond in self?.answerSyncStatus(respond) }
    }

    private func availableSync() throws(LibraryError) -> SyncSetup {
        guard let syncSetup else { throw .failed(tr("sync is not available in this Earshot")) }
        return syncSetup
    }

    /// Answers with the sync status (the outbox counted on the background).
    private func answerSyncStatus(_ respond: @escaping (Result<[DBusValue], BusError>) -> Void) {
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
                if let next = status.backoff.until { entries.append(("next_try", .int64(Int64(next.timeIntervalSince1970.rounded(.up))))) }
                if status.backoff.refused { entries.append(("refused", .boolean(true))) }
            }
            if let place = self.syncSetup?.passwordPlace { entries.append(("password_in", .string(place.rawValue))) }
            respond(.success([.vardict(entries)]))
        }
    }
}
