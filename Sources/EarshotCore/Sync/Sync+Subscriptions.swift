import EarshotGLib
import EarshotStore
import EarshotSync
import Foundation

/// Subscriptions both ways. The first sync is a union (nothing removed on either side); after it, what
/// other devices added or removed since the cursor is applied here, and the outbox's changes are sent.
/// A podcast keeps the address the server first knew it by, so a feed that moved is not
/// remove-old + add-new to the other devices.
extension Sync {
    func syncSubscriptions() {
        joinable = false
        let store = self.store
        background({ (try store.adoptSyncURLs(), try store.outbox(limit: 10_000, actions: false)) }) { [weak self] urls, sent in
            guard let self else { return }
            self.syncURLs.merge(urls) { _, known in known }
            let urls = urls.filter { SyncRules.isSyncable($0.value) && !self.session.library.isDemo($0.key) }
            self.server.subscriptions(since: self.subscriptionsSince ?? 0) { [weak self] result in
                guard let self else { return }
                switch result {
                case .failure(let failure): self.finish(failure)
                case .success(let delta):
                    if self.subscriptionsSince == nil {
                        self.merge(local: Set(urls.values), remote: delta, outbox: sent)
                    } else {
                        self.follow(delta, outbox: sent, known: urls)
                    }
                }
            }
        }
    }

    /// The first sync: both libraries end up with every podcast of either.
    private func merge(local: Set<String>, remote: SubscriptionDelta, outbox: [OutboxEntry]) {
        let (upload, subscribe) = SyncRules.union(local: local, remote: Set(remote.add))
        subscribeHere(subscribe, removed: [], local: local)
        send(add: upload, remove: [], outbox: outbox, cursor: remote.timestamp)
    }

    /// Later syncs: the other devices' changes here, then this library's changes there.
    private func follow(_ delta: SubscriptionDelta, outbox: [OutboxEntry], known: [PodcastID: String]) {
        let local = Set(known.values)
        let removed = Set(delta.remove)
        subscribeHere(delta.add, removed: removed, local: local)
        applyingRemote = true
        for (podcast, url) in known where removed.contains(url) {
            try? session.unsubscribe(podcast, deletingFiles: false)
        }
        applyingRemote = false
        // The last change to each address wins, in the order they were made.
        var subscribed: [String: Bool] = [:], order: [String] = []
        for entry in outbox {
            let change: (url: String, on: Bool)
            switch entry.change {
            case .subscribed(let url): change = (url, true)
            case .unsubscribed(let url): change = (url, false)
            case .action: continue
            }
            if subscribed.updateValue(change.on, forKey: change.url) == nil { order.append(change.url) }
        }
        send(add: order.filter { subscribed[$0] == true }, remove: order.filter { subscribed[$0] == false }, outbox: outbox,
             cursor: delta.timestamp)
    }

    /// Subscribes to podcasts other devices have (auto-queue off, as an import: a backlog is not news):
    /// those added there now and those not subscribed here yet from before, less those removed there
    /// and those here. They are kept (in the store, before the cursor moves on) until subscribed: a
    /// feed that cannot be fetched now, or a stop before it was, is tried again at the next sync.
    private func subscribeHere(_ added: [String], removed: Set<String>, local: Set<String>) {
        var wanted: [String] = [], seen = removed.union(local)
        for url in unsubscribedYet + added where seen.insert(url).inserted { wanted.append(url) }
        keepUnsubscribed(wanted)
        let addresses = wanted.filter { !subscribingFromServer.contains($0) }.compactMap(URL.init(string:))
            .filter { ["http", "https"].contains($0.scheme?.lowercased() ?? "") }
        guard !addresses.isEmpty else { return }
        subscribingFromServer.formUnion(addresses.map(\.absoluteString))
        session.library.subscribe(addresses, autoQueue: false) { [weak self] reports in
            guard let self else { return }
            var subscribed: [PodcastID: String] = [:]
            for report in reports {
                self.subscribingFromServer.remove(report.url.absoluteString)
                if let error = report.error {
                    Log.message("sync: could not subscribe to \(report.url.absoluteString) (tried again at the next sync): \(error)")
                } else if let podcast = report.podcast, !report.alreadySubscribed {
                    subscribed[podcast] = report.url.absoluteString
                }
            }
            let addresses = Set(subscribed.values)
            self.keepUnsubscribed(self.unsubscribedYet.filter { !addresses.contains($0) })
            self.settleStored(subscribed)
        }
    }

    /// Sync's subscriptions ended: a podcast it subscribed keeps the address the server knows, even
    /// where its feed moved on the way (301, `itunes:new-feed-url`), so it is not sent back as a change
    /// made here, and the other devices' removal of that address applies; once none is in flight, the
    /// other podcasts stored meanwhile were the listener's, and are sent.
    private func settleStored(_ subscribed: [PodcastID: String]) {
        for (podcast, url) in subscribed { syncURLs[podcast] = url }
        let store = self.store
        background.run { StoreWork.log { try store.keepSyncURLs(subscribed) } }
        storedWhileSubscribing.subtract(subscribed.keys)
        guard subscribingFromServer.isEmpty else { return }
        let listeners = storedWhileSubscribing.filter { !session.library.isDemo($0) }.compactMap { syncURLs[$0] }
        storedWhileSubscribing = []
        queue(listeners.sorted().map(SyncChange.subscribed))
    }

    /// Keeps the podcasts other devices have that are not subscribed here yet, in memory and the store.
    private func keepUnsubscribed(_ urls: [String]) {
        guard urls != unsubscribedYet else { return }
        unsubscribedYet = urls
        let store = self.store, key = StateTable.syncSubscribing.key, text = urls.isEmpty ? nil : urls.joined(separator: "\n")
        background.run { StoreWork.log { try store.saveSetting(key, value: text, for: nil) } }
    }

    /// Sends this library's subscription changes; the outbox entries go once the server took them.
    private func send(add: [String], remove: [String], outbox: [OutboxEntry], cursor: Int64) {
        let done = { [weak self] in
            guard let self else { return }
            let store = self.store, ids = outbox.map(\.id)
            self.background({ try store.removeOutbox(ids) }) { [weak self] in
                guard let self else { return }
                self.subscriptionsSince = cursor
                self.save(StateTable.syncSubscriptionsSince, cursor)
                self.syncActions()
            }
        }
        guard !add.isEmpty || !remove.isEmpty else { return done() }
        server.uploadSubscriptions(add: add, remove: remove) { [weak self] result in
            switch result {
            case .success(let receipt): self?.adopt(receipt.updatedURLs, then: done)
            case .failure(let failure): self?.finish(failure)
            }
        }
    }

    /// The server rewrote addresses (`update_urls`, e.g. stripped a tracking query): the podcasts are
    /// known by the new ones from now on.
    func adopt(_ renamed: [String: String], then: @escaping () -> Void) {
        guard !renamed.isEmpty else { return then() }
        for (podcast, url) in syncURLs { if let new = renamed[url] { syncURLs[podcast] = new } }
        let store = self.store
        background({ try store.renameSyncURLs(renamed) }, then: then)
    }
}
