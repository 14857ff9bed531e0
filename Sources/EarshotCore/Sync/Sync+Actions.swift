import EarshotGLib
import EarshotStore
import EarshotSync
import Foundation

/// Places both ways: the outbox's actions are sent (with their original times, in batches), then the
/// other devices' actions since the cursor are read and taken by `ReceivedActions`' rules (the newest
/// per episode, applied where newer than the episode's own last listen). An action whose episode is not
/// in the library yet, or is playing now, waits in the store (30 days at most, the newest 10,000) and
/// is tried again at the first sync after the library gained episodes, or when the episode that held
/// it stops playing (the newest still wins: listening here after the action keeps this place); a pause
/// or a sync otherwise does not read them again.
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

    /// Asks for the other devices' actions since the cursor: they are read on the network thread and
    /// taken there by the store (places, what waits, the new cursor: one transaction); only the outcome
    /// comes back to the loop.
    private func download() {
        let store = self.store, rules = receivingRules, rematch = libraryGrew
        libraryGrew = false
        server.actions(since: actionsSince, receive: { page in
            Result { (try store.receive(page.actions, rules: rules, cursor: (StateTable.syncActionsSince.key, String(page.timestamp)),
                                        rematch: rematch), page.timestamp) }
                .mapError(Self.storeFailure)
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure):
                if rematch { self.libraryGrew = true }
                self.finish(failure)
            case .success(let (outcome, cursor)):
                self.actionsSince = cursor
                self.received(outcome, rematched: rematch)
                self.finish(nil)
            }
        }
    }

    /// Takes the actions still waiting (listening stopped, and one waited for the episode that played).
    func retryWaiting() {
        let store = self.store, rules = receivingRules
        background({ try store.receive([], rules: rules, cursor: nil, rematch: true) }) { [weak self] in self?.received($0, rematched: true) }
    }

    /// How received actions are taken here: only while this sync runs, this device's own left out, the
    /// episode playing at that moment left waiting, a play near the end finishing its episode by the
    /// listening rule.
    private var receivingRules: ReceivingRules {
        let state = receiving
        return ReceivingRules(device: account.device, active: { !state.isStopped }, playing: { state.episode },
                              finished: { ProgressRules.isFinished(leavingAt: $0, duration: $1) })
    }

    /// Received actions were taken: how many wait, and the places that changed go to whoever listens.
    /// Actions held by the playing episode are counted anew when all that waits was matched, else added.
    private func received(_ outcome: ReceivedOutcome, rematched: Bool) {
        status.waiting = outcome.waiting
        heldForPlaying = rematched ? outcome.held : heldForPlaying + outcome.held
        if !outcome.applied.isEmpty { session.events.publish(.placesSynced(outcome.applied)) }
    }
}
