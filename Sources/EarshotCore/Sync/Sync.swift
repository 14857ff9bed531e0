import EarshotGLib
import EarshotLocale
import EarshotStore
import EarshotSync
import Foundation

/// Keeps the library in step with a sync server: subscriptions both ways (the first time a union),
/// places by the newest action per episode, and every change made here through a persistent outbox,
/// sent with its original time. Runs after each refresh, shortly after a change here, and when asked;
/// the loop never waits for it (the server's answers come back on the loop, the store works on the
/// background; a reply's actions go from the network thread straight to the store). The playing
/// episode is never moved: a newer place for it waits until it is no longer current. Places taken are
/// published (`SessionEvent.placesSynced`) for the listening part.
public final class Sync {
    public let account: SyncAccount
    let server: SyncServer
    let store: SyncStore
    let background: Background
    unowned let session: Session
    let listening: SyncListening
    /// The episode playing now and whether this sync was stopped, for taking received actions off the loop.
    let receiving = ReceivingState()
    public internal(set) var status = SyncStatus()
    /// The server's cursors, and whether the first sync (the union) was done.
    var subscriptionsSince: Int64?
    var actionsSince: Int64 = 0
    /// Podcast → the address the server knows it by (kept for podcasts removed here).
    var syncURLs: [PodcastID: String] = [:]
    /// Whether the library gained episodes since what waits was last matched (at start: it may have
    /// while sync was off).
    var libraryGrew = true
    /// How many waiting actions wait only for their episode to stop playing.
    var heldForPlaying = 0
    /// While sync itself unsubscribes, that is not a change to send.
    var applyingRemote = false
    /// Podcasts other devices have that are not subscribed here yet, kept (`StateTable.syncSubscribing`)
    /// and tried again at each sync until subscribed or removed there.
    var unsubscribedYet: [String] = []
    /// Feeds sync itself is subscribing to (stored later): not changes to send either; podcasts stored
    /// meanwhile, sync's or the listener's (told apart when those subscriptions end).
    var subscribingFromServer: Set<String> = [], storedWhileSubscribing: Set<PodcastID> = []
    private var debounce: TimerHandle?
    /// Whether the sync in progress still serves whoever asks now: it has read neither the outbox nor
    /// anything of the server's yet (it is logging in), so it will send every change made so far and
    /// bring all the server has. `earshot sync now` right after `earshot sync login` joins the login's
    /// first sync rather than running a second one after it.
    var joinable = false
    private var again = false
    private var waiters: [(SyncFailure?) -> Void] = []
    /// Who asked once the running sync had begun reading (not `joinable`): they hear how the next one
    /// ends (it sees what they wanted).
    private var nextWaiters: [(SyncFailure?) -> Void] = []
    private var loggedFailures: Set<String> = []

    /// How long after a change here the sync that sends it starts.
    static let debounceDelay: Duration = .seconds(10)

    /// Sync for `account` through `server`, continuing from the cursors in `state` (the stored
    /// `state.sync.*` values); store work runs on `background`.
    init(account: SyncAccount, server: SyncServer, store: SyncStore, background: Background, session: Session, listening: SyncListening,
         state: [String: String]) {
        self.account = account
        self.server = server
        self.store = store
        self.background = background
        self.session = session
        self.listening = listening
        receiving.episode = listening.playing()
        subscriptionsSince = StateTable.syncSubscriptionsSince.value(in: state)
        actionsSince = StateTable.syncActionsSince.value(in: state) ?? 0
        status.lastSync = StateTable.lastSync.value(in: state)
        unsubscribedYet = StateTable.syncSubscribing.value(in: state)?.split(separator: "\n").map(String.init) ?? []
        for podcast in session.library.podcasts { syncURLs[podcast.id] = podcast.url.absoluteString }
    }

    // MARK: Running

    /// Syncs now (or right after the sync in progress); `done` hears how that sync ended. A sync nobody
    /// waits for (a change here, a refresh) does not start while a failing server is backed off.
    public func run(done: ((SyncFailure?) -> Void)? = nil) {
        guard done != nil || status.running || status.backoff.allows(at: session.timers.date) else { return }
        debounce?.cancel()
        debounce = nil
        guard !status.running else {
            if joinable {
                if let done { waiters.append(done) }
                return
            }
            if let done { nextWaiters.append(done) }
            again = true
            return
        }
        if let done { waiters.append(done) }
        start()
    }

    /// Starts a sync: logs in, then subscriptions, then episode actions.
    private func start() {
        status.running = true
        joinable = true
        server.start { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: self.syncSubscriptions()
            case .failure(let failure): self.finish(failure)
            }
        }
    }

    /// A change here: sync shortly (several changes in a row make one sync).
    func soon() {
        guard debounce == nil else { return }
        debounce = session.timers.after(Self.debounceDelay) { [weak self] in
            self?.debounce = nil
            self?.run()
        }
    }

    /// Ends the sync in progress: the cursors were saved as each step was applied.
    func finish(_ failure: SyncFailure?) {
        status.running = false
        joinable = false
        status.lastFailure = failure?.description
        if let failure {
            if loggedFailures.insert(failure.kind).inserted { Log.warning("sync with \(account.server.absoluteString): \(failure)") }
            backOff(failure)
        } else {
            status.backoff.succeeded()
            loggedFailures = []
            let now = session.timers.date
            status.lastSync = now
            save(StateTable.lastSync, now)
        }
        let waiters = self.waiters
        self.waiters = []
        for waiter in waiters { waiter(failure) }
        if again {
            again = false
            self.waiters = nextWaiters
            nextWaiters = []
            if !self.waiters.isEmpty || status.backoff.allows(at: session.timers.date) {
                debounce?.cancel()
                debounce = nil
                start()
            }
        }
    }

    /// A sync failed: the next one that starts by itself waits (`SyncBackoff`), then starts without
    /// waiting for a change; after a refusal none starts by itself.
    private func backOff(_ failure: SyncFailure) {
        let now = session.timers.date
        status.backoff.failed(failure, at: now)
        debounce?.cancel()
        debounce = nil
        guard let until = status.backoff.until else { return }
        debounce = session.timers.after(.seconds(max(until.timeIntervalSince(now), 0))) { [weak self] in
            self?.debounce = nil
            self?.run()
        }
    }

    /// Stops: no more runs; a run in progress ends when its answer comes.
    public func stop() {
        debounce?.cancel()
        debounce = nil
        receiving.stop()
    }

    /// Saves a value among the library-wide state, in the background.
    func save<Value>(_ key: StateKey<Value>, _ value: Value) {
        let store = self.store, text = key.text(value)
        background.run { StoreWork.log { try store.saveSetting(key.key, value: text, for: nil) } }
    }

    /// Runs `work` on the background and `then` on the loop with its result; a store failure ends the
    /// sync with it.
    func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T, then: @escaping (T) -> Void) {
        background.run({ Result { try work() } }) { [weak self] result in
            switch result {
            case .success(let value): then(value)
            case .failure(let error): self?.finish(Self.storeFailure(error))
            }
        }
    }

    /// A store that could not be read or written, as the sync's failure.
    static func storeFailure(_ error: Error) -> SyncFailure {
        .server(tr("the library could not be read or written: %s", "\(error)"))
    }
}
