import EarshotStore
import EarshotSync
import Foundation

/// A library as a table in memory, for sync's rules: podcasts by sync address, and episodes with their
/// podcast, guid, audio address and last listen here. Lookups answer as the store's reader does (the
/// lowest id where two share a value).
struct LibraryTable: SyncLibrary {
    struct Episode {
        var id: Int64
        var podcast: Int64
        var guid: String?
        var sound: String
        var lastPlayed: Date?
    }

    var podcasts: [String: Int64] = [:]
    var episodes: [Episode] = []

    func podcast(syncURL: String) throws -> PodcastID? { podcasts[syncURL].map(PodcastID.init) }

    func episode(guid: String, in podcast: PodcastID) throws -> EpisodeID? {
        first { $0.podcast == podcast.rawValue && $0.guid == guid }
    }

    func episode(soundURL: String, in podcast: PodcastID) throws -> EpisodeID? {
        first { $0.podcast == podcast.rawValue && $0.sound == soundURL }
    }

    func episode(soundURL: String) throws -> EpisodeID? { first { $0.sound == soundURL } }

    func lastPlayed(_ ids: [EpisodeID]) throws -> [EpisodeID: Date?] {
        var played: [EpisodeID: Date?] = [:]
        for episode in episodes where ids.contains(EpisodeID(rawValue: episode.id)) { played[EpisodeID(rawValue: episode.id)] = episode.lastPlayed }
        return played
    }

    private func first(_ matching: (Episode) -> Bool) -> EpisodeID? {
        episodes.filter(matching).map(\.id).min().map(EpisodeID.init)
    }
}

/// Times in the tests: seconds since 2001, as the store keeps them.
func at(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

/// The listening rule sync is given in the daemon: the last 30 seconds or 1 %, whichever is shorter.
let finishedNearTheEnd: @Sendable (Double, Double?) -> Bool = { position, duration in
    guard let duration, duration > 0 else { return false }
    return position >= duration - min(30, duration / 100)
}
