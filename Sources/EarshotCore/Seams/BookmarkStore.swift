import EarshotStore
import Foundation

/// Where bookmarks are kept (the SQLite store). Called off the loop.
public protocol BookmarkStore: AnyObject, Sendable {
    func addBookmark(of episode: EpisodeID, at position: Double, note: String, madeAt date: Date) throws -> Bookmark
    func bookmarks(of episode: EpisodeID?) throws -> [Bookmark]
    func bookmark(_ id: Int64) throws -> Bookmark?
    func removeBookmark(_ id: Int64) throws -> Bool
    func findBookmarks(_ words: [String], podcast: PodcastID?, limit: Int) throws -> [Bookmark]
}
