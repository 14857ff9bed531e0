import EarshotStore
import Foundation

/// How this library takes the episode actions other devices sent (with those still waiting): this
/// device's own are left out; of the rest, the newest per episode counts; each is matched to its
/// episode (`EpisodeMatching`); an episode not here yet, or playing right now, keeps its action waiting
/// (tried again when the library gains episodes, and when the episode that held it stops playing),
/// for at most `SyncRules.longestWaiting`, only the newest `SyncRules.mostWaiting`; the others' places
/// win where newer than the episode's own (`PlaceConflict`). The store writes the outcome
/// (`SyncWrites`) in one transaction.
public enum ReceivedActions {
    /// What to write (`cursor`, the server's, with it), and what the session hears: the episodes whose
    /// place changed, how many wait. Nothing at all once sync stopped.
    public static func decide(received: [EpisodeAction], waiting: [EpisodeAction], cursor: (key: String, value: String)? = nil,
                              rules: ReceivingRules, in library: some SyncLibrary) throws -> (SyncWrites, ReceivedOutcome) {
        guard rules.active() else { return (SyncWrites(), ReceivedOutcome(applied: [], waiting: waiting.count)) }
        let now = rules.now()
        let actions = SyncRules.newestPerEpisode((waiting + received.filter { $0.device != rules.device }).map { action in
            var action = action
            action.timestamp = SyncRules.clamped(action.timestamp, now: now)
            return action
        })
        let episodes = try EpisodeMatching.match(actions, in: library)
        let playing = rules.playing()
        var places: [SyncPlace] = [], keep: [EpisodeAction] = [], settled: [EpisodeAction] = [], held = 0
        for (action, episode) in zip(actions, episodes) {
            guard let episode, episode != playing, let place = SyncRules.place(of: action, finished: rules.finished) else {
                if episode != nil, episode == playing { held += 1 }
                keep.append(action)
                continue
            }
            places.append(SyncPlace(episode: episode, position: place.position, completed: place.completed, at: action.timestamp))
            settled.append(action)
        }
        let (kept, forgotten) = SyncRules.bounded(waiting: keep, now: now)
        keep = kept
        settled += forgotten
        let won = PlaceConflict.winners(places, lastPlayed: try library.lastPlayed(places.map(\.episode)))
        func key(_ action: EpisodeAction) -> String { action.podcast + "\u{0}" + action.episode }
        let waited = Set(waiting.map(key))
        let writes = SyncWrites(places: won, waiting: keep, settled: settled.filter { waited.contains(key($0)) }, state: cursor)
        return (writes, ReceivedOutcome(applied: Set(won.map(\.episode)), waiting: keep.count, held: held))
    }
}

/// What the rules need to know of this device when taking received actions.
public struct ReceivingRules: Sendable {
    /// This device's id on the server: its own actions are not taken back.
    public var device: String
    /// Whether sync still runs for this account, asked inside the transaction: once it stopped (a
    /// logout, another account), nothing is written, the cursor neither.
    public var active: @Sendable () -> Bool
    /// The episode playing right now, asked at the moment the actions are taken (nil: none plays).
    public var playing: @Sendable () -> EpisodeID?
    /// Whether leaving an episode at a position (of a length, when known) finishes it: the listening
    /// rule this library uses for itself.
    public var finished: @Sendable (_ position: Double, _ duration: Double?) -> Bool
    /// The time now: a received action stamped later than it (and `SyncRules.clockSkew`) counts as
    /// stamped now.
    public var now: @Sendable () -> Date

    /// Rules with the given parts.
    public init(device: String, active: @escaping @Sendable () -> Bool = { true }, playing: @escaping @Sendable () -> EpisodeID?,
                finished: @escaping @Sendable (_ position: Double, _ duration: Double?) -> Bool,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.device = device
        self.active = active
        self.playing = playing
        self.finished = finished
        self.now = now
    }
}

/// How taking received actions ended: the episodes whose place changed, how many actions wait, and
/// how many of those wait only for their episode to stop playing.
public struct ReceivedOutcome: Sendable, Equatable {
    public var applied: Set<EpisodeID>
    public var waiting: Int
    public var held: Int

    /// An outcome with the given fields.
    public init(applied: Set<EpisodeID>, waiting: Int, held: Int = 0) {
        self.applied = applied
        self.waiting = waiting
        self.held = held
    }
}
