import EarshotGLib
import EarshotStore
import Foundation

/// Places both ways: the outbox's actions are sent (with their original times, in batches), then the
/// other devices' actions since the cursor are read, the newest per episode kept, and applied where
/// newer than the episode's own last listen. An action whose episode is not in the library yet, or is
/// playing now, waits in the store and is tried again at each sync and whenever listening stops (the
/// newest still wins: listening here after the action keeps this place).
extension Sync {
    /// How many actions go in one upload.
    static let uploadBatch = 500

    func syncActions() {
        let store = self.store
        background({ try store.outbox(limit: Self.uploadBatch * 4, actions: true) }) { [weak self] entries in
            self?.upload(entries[...])
        }
    }

    private func upload(_ entries: ArraySlice<OutboxEntry>) {
        guard !entries.isEmpty else { return download() }
        let batch = entries.prefix(Self.uploadBatch)
        let actions = batch.compactMap { entry -> EpisodeAction? in
            guard case .action(var action) = entry.change else { return nil }
            action.device = account.device
            return action
        }
        server.uploadActions(actions) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure): self.finish(failure)
            case .success(let receipt):
                let store = self.store, ids = batch.map(\.id)
                self.adopt(receipt.updatedURLs) { [weak self] in
                    self?.background({ try store.removeOutbox(ids) }) { [weak self] in self?.upload(entries.dropFirst(batch.count)) }
                }
            }
        }
    }

    private func download() {
        server.actions(since: actionsSince) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure): self.finish(failure)
            case .success(let page):
                // Only the cursor waits here: the actions (tens of thousands in a first sync) are let go
                // on the background once applied, not on the loop.
                let cursor = page.timestamp
                self.apply(page.actions) { [weak self] in
                    guard let self else { return }
                    self.actionsSince = cursor
                    self.save(Self.actionsKey, String(cursor))
                    self.finish(nil)
                }
            }
        }
    }

    /// Applies received actions (with those still waiting; this device's own left out), then calls
    /// `done` on the loop. Everything that grows with the number of actions happens on the background.
    func apply(_ received: [EpisodeAction], done: @escaping () -> Void = {}) {
        let store = self.store, device = account.device
        let playing = session.listening.status == .playing ? session.listening.current?.id : nil
        background({ () -> (applied: Set<EpisodeID>, waiting: Int) in
            let waiting = try store.pendingActions()
            let actions = SyncRules.newestPerEpisode(waiting + received.filter { $0.device != device })
            let episodes = try store.matchEpisodes(actions, normalise: SyncRules.normalised)
            var places: [(episode: EpisodeID, position: Double, completed: Bool, at: Date)] = []
            var keep: [EpisodeAction] = [], settled: [EpisodeAction] = []
            for (action, episode) in zip(actions, episodes) {
                guard let episode, episode != playing, let place = SyncRules.place(of: action) else {
                    keep.append(action)
                    continue
                }
                places.append((episode, place.position, place.completed, action.timestamp))
                settled.append(action)
            }
            let applied = try store.applyPlaces(places)
            let waited = Set(waiting.map { $0.podcast + "\u{0}" + $0.episode })
            try store.removePending(settled.filter { waited.contains($0.podcast + "\u{0}" + $0.episode) })
            try store.savePending(keep)
            return (Set(applied), keep.count)  // one per episode: what waits now
        }) { [weak self] result in
            guard let self else { return }
            self.status.waiting = result.waiting
            if !result.applied.isEmpty { self.session.listening.placesChanged(result.applied) }
            done()
        }
    }
}
