@testable import EarshotCore
import EarshotStore
import EarshotSync
import Foundation

/// A sync server whose answers wait until the test gives them: each request is recorded by name and
/// answered (empty, successfully) by `answer()`, so a test decides when each step of a sync ends.
final class ScriptedSyncServer: SyncServer {
    private(set) var requests: [String] = []
    private var pending: [() -> Void] = []
    /// How logging in fails (nil: it goes through).
    var startFailure: SyncFailure?

    /// Answers the oldest request still waiting; false when none waits.
    @discardableResult
    func answer() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst()()
        return true
    }

    /// Answers requests until none waits (each answer may lead to the next request).
    func answerAll() {
        while answer() {}
    }

    func start(completion: @escaping (Result<Void, SyncFailure>) -> Void) {
        wait("start") { [unowned self] in completion(startFailure.map(Result.failure) ?? .success(())) }
    }

    func subscriptions(since: Int64, completion: @escaping (Result<SubscriptionDelta, SyncFailure>) -> Void) {
        wait("subscriptions") { completion(.success(SubscriptionDelta(add: [], remove: [], timestamp: 1))) }
    }

    func uploadSubscriptions(add: [String], remove: [String], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        wait("uploadSubscriptions") { completion(.success(UploadReceipt(timestamp: 1))) }
    }

    func actions<T: Sendable>(since: Int64, receive: @escaping @Sendable (ActionPage) -> Result<T, SyncFailure>,
                              completion: @escaping (Result<T, SyncFailure>) -> Void) {
        wait("actions") { completion(receive(ActionPage(actions: [], timestamp: 1))) }
    }

    func uploadActions(_ actions: [EpisodeAction], completion: @escaping (Result<UploadReceipt, SyncFailure>) -> Void) {
        wait("uploadActions") { completion(.success(UploadReceipt(timestamp: 1))) }
    }

    private func wait(_ name: String, _ answer: @escaping () -> Void) {
        requests.append(name)
        pending.append(answer)
    }
}

/// Sync's persistence with nothing in it: an empty outbox, nothing waiting, no episodes to match.
class EmptySyncStore: SyncStore, @unchecked Sendable {
    func appendOutbox(_ changes: [SyncChange]) throws {}
    func outbox(limit: Int, actions: Bool) throws -> [OutboxEntry] { [] }
    func outboxCount() throws -> Int { 0 }
    func removeOutbox(_ ids: [Int64]) throws {}
    func adoptSyncURLs() throws -> [PodcastID: String] { [:] }
    func renameSyncURLs(_ renamed: [String: String]) throws {}
    func keepSyncURLs(_ urls: [PodcastID: String]) throws {}
    func receive(_ received: [EpisodeAction], rules: ReceivingRules, cursor: (key: String, value: String)?, rematch: Bool) throws
        -> ReceivedOutcome {
        ReceivedOutcome(applied: [], waiting: 0)
    }
    func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing] { [] }
    func saveSetting(_ key: String, value: String?, for podcast: PodcastID?) throws {}
}

/// Sync's persistence where received actions wait for episodes not in the library: it counts how
/// often the rules are run over what waits.
final class WaitingSyncStore: EmptySyncStore, @unchecked Sendable {
    /// How many actions wait.
    var waiting = 5
    /// How many times taking actions read what waits and matched it again.
    private(set) var rematches = 0
    override func receive(_ received: [EpisodeAction], rules: ReceivingRules, cursor: (key: String, value: String)?, rematch: Bool) throws
        -> ReceivedOutcome {
        if rematch { rematches += 1 }
        return ReceivedOutcome(applied: [], waiting: waiting)
    }
}
