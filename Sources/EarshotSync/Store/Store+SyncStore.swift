import EarshotStore
import Foundation

/// The library's store is sync's persistence; received actions are decided by `ReceivedActions` over
/// the store's reader and written in the same transaction. What waits is read and matched again only
/// when asked (`rematch`); otherwise only counted.
extension Store: SyncStore {
    public func receive(_ received: [EpisodeAction], rules: ReceivingRules, cursor: (key: String, value: String)?, rematch: Bool = true) throws
        -> ReceivedOutcome {
        try receiveActions { library in
            var (writes, outcome) = try ReceivedActions.decide(received: received, waiting: rematch ? try library.waitingActions() : [],
                                                               cursor: cursor, rules: rules, in: library)
            if !rematch, rules.active() { outcome.waiting = try library.waitingCount(adding: writes.waiting) }
            return (writes, outcome)
        }
    }
}
