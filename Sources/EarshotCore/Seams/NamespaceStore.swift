import EarshotStore
import Foundation

/// Where the feeds' Podcasting 2.0 fields are kept (the SQLite store). Called off the loop.
public protocol NamespaceStore: AnyObject, Sendable {
    func showNamespaces(of podcast: PodcastID?) throws -> [StoredShowNamespace]
    func episodes(withPerson name: String, limit: Int?) throws -> [EpisodeListing]
    func storedEpisode(_ id: EpisodeID) throws -> StoredEpisode?
}
