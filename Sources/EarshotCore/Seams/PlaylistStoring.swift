import EarshotStore
import Foundation

/// Where smart playlists are kept and evaluated: `Store` is the real one. Every method is synchronous
/// and thread-safe; `SmartPlaylists` calls them on the background (writes) or the reader (evaluation),
/// never on the loop (the list is read once at start, before the loop runs).
public protocol PlaylistStoring: AnyObject, Sendable {
    func smartPlaylists() throws -> [SmartPlaylist]
    func saveSmartPlaylist(named name: String, rules: PlaylistRules, at date: Date) throws -> SmartPlaylist
    func removeSmartPlaylist(named name: String) throws -> Bool
    func smartPlaylistPlayed(_ id: Int64, at date: Date) throws
    /// The episodes `rules` hold at `now`, in order, at most their limit.
    func playlistEpisodes(_ rules: PlaylistRules, now: Date) throws -> [EpisodeID]
    /// These episodes as a listing shows them, in the order given.
    func listEpisodes(_ ids: [EpisodeID]) throws -> [EpisodeListing]
}
