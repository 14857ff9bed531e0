import EarshotFeed
import Foundation

/// Fetching an episode's Podcasting 2.0 chapters file (`podcast:chapters`). `ChaptersLoader` (libsoup)
/// is the real one; the completion runs later on the caller's main context.
public protocol ChaptersFetching: AnyObject {
    func fetch(_ url: URL, completion: @escaping (Result<[Chapter], ChaptersFetchError>) -> Void)
}
