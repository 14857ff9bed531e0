import EarshotCore
import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import EarshotSync
import Foundation

/// The sync account of this daemon: logging in (checked with the server before anything is kept),
/// resuming at start, logging out, and what `sync status` says. The account lives among the library's
/// state values (written on the background), the password with `SyncPasswords` (asked for on the loop, answered later).
public final class SyncSetup {
    let session: Session
    let store: Store
    let background: Background
    let passwords: SyncPasswords
    /// This computer's name, for the device's caption and id.
    let hostName: String
    /// Where the password went at the last login (nil until one, or after a restart: then it was found).
    private(set) var passwordPlace: SyncPasswords.Place?


    public init(session: Session, store: Store, background: Background, passwords: SyncPasswords, hostName: String) {
        self.session = session
        self.store = store
        self.background = background
        self.passwords = passwords
        self.hostName = hostName
    }

    /// This device's id on a server: `earshot-<host>`, in the characters device ids allow.
    var deviceID: String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return "earshot-" + String(hostName.map { allowed.contains($0) ? $0 : "-" })
    }

    /// Starts syncing with the stored account, if there is one and its password is found; `then` hears
    /// the sync started (nil: none).
    public func resume(then: @escaping (Sync?) -> Void = { _ in }) {
        guard let account = storedAccount() else { return then(nil) }
        let server = account.server.absoluteString, user = account.user
        passwords.password(server: server, user: user) { [weak self] password in
            guard let self else { return then(nil) }
            if let sync = self.session.sync, sync.account == account { return then(sync) }  // a login or resume was quicker
            guard let password else {
                Log.warning("sync: no password found for \(user) at \(server); log in again with earshot sync login")
                return then(nil)
            }
            self.session.startSync(account, server: self.client(account, password), store: self.store)
            then(self.session.sync)
        }
    }

    /// Checks the account with the server, then keeps it (the password in the Secret Service) and starts
    /// syncing; `done` hears the account, or why not.
    public func login(server: URL, user: String, password: String, dialect: SyncAccount.Dialect, allowHTTP: Bool,
                      done: @escaping (Result<SyncAccount, LibraryError>) -> Void) {
        if let refusal = SyncServerAddress.refusal(of: server, allowHTTP: allowHTTP) { return done(.failure(.invalidSetting(refusal))) }
        let server = SyncServerAddress.bare(server)  // a password written into the address is not kept or shown
        let account = SyncAccount(server: server, user: user, dialect: dialect, device: deviceID)
        let client = client(account, password)
        client.start { [weak self] result in
            guard let self else { return }
            if case .failure(let failure) = result { return done(.failure(.failed(failure.description))) }
            self.passwords.store(password, server: server.absoluteString, user: user) { [weak self] kept in
                guard let self else { return }
                switch kept {
                case .success(let place): self.keep(account, place: place, client: client, done: done)
                case .failure(let error): done(.failure(.failed(tr("the account could not be kept: %s", "\(error)"))))
                }
            }
        }
    }

    /// The account is checked and its password kept: the account's values are stored (on the background)
    /// and syncing starts with it. Another server or user than the one stored starts from no cursors
    /// (its first sync is the union), whether or not the old one logged out.
    private func keep(_ account: SyncAccount, place: SyncPasswords.Place, client: GPodderSyncClient,
                      done: @escaping (Result<SyncAccount, LibraryError>) -> Void) {
        let store = self.store, server = account.server, user = account.user, dialect = account.dialect
        let running = session.sync?.account
        if let running, running.server != server || running.user != user { session.sync?.stop() }  // nothing more of the old account's is kept
        background.run({ () -> Result<SyncPasswords.Place, Error> in
            Result {
                let state = try store.settings(for: nil)
                if StateTable.syncServer.value(in: state).map(SyncServerAddress.bare) != server || StateTable.syncUser.value(in: state) != user {
                    for key in StateTable.syncProgressKeys { try store.saveSetting(key, value: nil, for: nil) }
                }
                for (key, value) in [(StateTable.syncServer.key, server.stateText), (StateTable.syncUser.key, user),
                                     (StateTable.syncDialect.key, dialect.rawValue), (StateTable.syncDevice.key, account.device)] {
                    try store.saveSetting(key, value: value, for: nil)
                }
                return place
            }
        }) { [weak self] saved in
            guard let self else { return }
            switch saved {
            case .success(let place):
                self.passwordPlace = place
                self.session.startSync(account, server: client, store: self.store)
                done(.success(account))
            case .failure(let error):
                done(.failure(.failed(tr("the account could not be kept: %s", "\(error)"))))
            }
        }
    }

    /// Forgets the account and its password; the library stays as it is.
    public func logout(done: @escaping () -> Void) {
        let account = storedAccount()
        session.stopSync()
        passwordPlace = nil
        let store = self.store, background = self.background
        let forgetAccount = {
            background.run({
                for key in StateTable.syncAccountKeys {
                    do { try store.saveSetting(key, value: nil, for: nil) } catch { Log.warning("sync: could not forget \(key): \(error)") }
                }
            }, completion: { done() })
        }
        guard let account else { return forgetAccount() }
        passwords.forget(server: account.server.absoluteString, user: account.user, done: forgetAccount)
    }

    /// The stored account, if any.
    func storedAccount() -> SyncAccount? {
        guard let state = try? store.settings(for: nil), let server = StateTable.syncServer.value(in: state).map(SyncServerAddress.bare),
              let user = StateTable.syncUser.value(in: state) else { return nil }
        return SyncAccount(server: server, user: user,
                           dialect: StateTable.syncDialect.value(in: state).flatMap(SyncAccount.Dialect.init) ?? .gpodder,
                           device: StateTable.syncDevice.value(in: state) ?? deviceID)
    }

    private func client(_ account: SyncAccount, _ password: String) -> GPodderSyncClient {
        GPodderSyncClient(account: account, password: password, caption: "Earshot on \(hostName)")
    }
}
