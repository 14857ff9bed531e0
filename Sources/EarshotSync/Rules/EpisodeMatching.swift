import EarshotStore
import Foundation

/// What sync's rules read of the library: podcasts by the address the server knows them by, episodes by
/// guid or audio address, and when each episode was last listened to here. The store's reader inside
/// the transaction that writes the outcome is the real one (`SyncLibraryReader`); tests use a table.
public protocol SyncLibrary {
    /// The podcast a sync address names (its sync address, its feed address or a former address).
    func podcast(syncURL: String) throws -> PodcastID?
    /// The episode of `podcast` with `guid` (the lowest id where two share it).
    func episode(guid: String, in podcast: PodcastID) throws -> EpisodeID?
    /// The episode of `podcast` whose audio is at `soundURL` (the lowest id where two share it).
    func episode(soundURL: String, in podcast: PodcastID) throws -> EpisodeID?
    /// The episode of any podcast whose audio is at `soundURL` (the lowest id).
    func episode(soundURL: String) throws -> EpisodeID?
    /// When each of `episodes` was last listened to here (nil: never), for those that exist.
    func lastPlayed(_ episodes: [EpisodeID]) throws -> [EpisodeID: Date?]
}

extension SyncLibraryReader: SyncLibrary {}

/// Which episode here a received action names: in its podcast by guid, else by its exact audio
/// address, else by that address with its percent-encoding normalised. An address found in no episode
/// of the action's podcast (or whose podcast is unknown here) is looked for in every podcast.
public enum EpisodeMatching {
    /// The episode each action names; nil where none is here.
    public static func match(_ actions: [EpisodeAction], in library: some SyncLibrary,
                             normalise: (String) -> String = SyncRules.normalised) throws -> [EpisodeID?] {
        var podcasts: [String: PodcastID?] = [:]
        func sound(_ address: String, _ podcast: PodcastID?) throws -> EpisodeID? {
            if let podcast, let id = try library.episode(soundURL: address, in: podcast) { return id }
            return try library.episode(soundURL: address)
        }
        return try actions.map { action in
            let podcast: PodcastID?
            if let known = podcasts[action.podcast] {
                podcast = known
            } else {
                podcast = try library.podcast(syncURL: action.podcast)
                podcasts[action.podcast] = .some(podcast)
            }
            if let podcast, let guid = action.guid, let id = try library.episode(guid: guid, in: podcast) { return id }
            if let id = try sound(action.episode, podcast) { return id }
            let normalised = normalise(action.episode)
            return normalised == action.episode ? nil : try sound(normalised, podcast)
        }
    }
}
