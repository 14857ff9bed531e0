import EarshotStore
import Foundation

/// The library's store is sync's persistence; received actions are decided by `ReceivedActions` over
/// the store's reader and written in the same transaction.
extension Store: SyncStore {
    public func receive(_ received: [EpisodeAction], rules: ReceivingRules, cursor: (key: String, value: String)?) throws -> ReceivedOutcome {
        try receiveActions { library in
            try ReceivedActions.decide(received: received, waiting: try library.waitingActions(), cursor: cursor, rules: rules, in: library)
        }
    }
}
