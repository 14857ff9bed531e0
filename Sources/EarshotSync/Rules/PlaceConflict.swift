import EarshotStore
import Foundation

/// Newest wins: a place received for an episode is taken only when it is newer than the episode's own
/// last listen here (listening here after the other device keeps this library's place), or than a
/// place taken before it in the same batch. Equal times keep what is there.
public enum PlaceConflict {
    /// The places that win, one per episode (its last winner), in the order the episodes first won.
    /// `lastPlayed` holds each episode's last listen here (nil: never); an episode it lacks is gone
    /// and passed over.
    public static func winners(_ places: [SyncPlace], lastPlayed: [EpisodeID: Date?]) -> [SyncPlace] {
        var latest = lastPlayed
        var order: [EpisodeID] = [], won: [EpisodeID: SyncPlace] = [:]
        for place in places {
            guard let own = latest[place.episode] else { continue }
            if let own, own >= place.at { continue }
            latest[place.episode] = place.at
            if won.updateValue(place, forKey: place.episode) == nil { order.append(place.episode) }
        }
        return order.compactMap { won[$0] }
    }
}
