import EarshotCore
import EarshotFeed
import Foundation

/// A notification server in memory: records each post, numbers notices like a server (a replaced notice
/// keeps its id), and lets a test click an action or close a notice. With `present` false it is absent.
final class RecordingNotifier: Notifier {
    var onAction: (UInt32, NoticeAction) -> Void = { _, _ in }
    var onClosed: (UInt32) -> Void = { _ in }
    var present = true
    private(set) var posts: [(notice: Notice, replacing: UInt32?)] = []
    private var nextID: UInt32 = 1

    var last: Notice? { posts.last?.notice }

    func post(_ notice: Notice, replacing: UInt32?, posted: @escaping (UInt32?) -> Void) {
        guard present else { return posted(nil) }
        posts.append((notice, replacing))
        if let replacing { return posted(replacing) }
        posted(nextID)
        nextID += 1
    }

    /// The listener clicked `action` on notice `id`.
    func click(_ action: NoticeAction, on id: UInt32) { onAction(id, action) }

    /// Notice `id` went away.
    func close(_ id: UInt32) { onClosed(id) }
}

/// Cover art in memory: `cached` images are on disk already, `downloadable` ones arrive when fetched,
/// anything else fails.
final class ArtShelf: ArtLookup {
    var cached: [URL: URL] = [:]
    var downloadable: [URL: URL] = [:]
    private(set) var fetched: [URL] = []

    func cachedFile(for remote: URL) -> URL? { cached[remote] }

    func fetch(_ remote: URL, completion: @escaping (Result<URL, ArtError>) -> Void) {
        fetched.append(remote)
        if let file = downloadable[remote] {
            cached[remote] = file
            completion(.success(file))
        } else {
            completion(.failure(.missingFile(path: remote.path)))
        }
    }
}
