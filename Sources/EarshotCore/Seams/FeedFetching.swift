import EarshotFeed
import Foundation

/// Fetching and parsing a feed, with a conditional request when validators are given. `FeedLoader`
/// (libsoup) is the real one; the completion runs later on the caller's main context.
public protocol FeedFetching: AnyObject {
    func fetch(_ url: URL, validators: FeedValidators, completion: @escaping (Result<FeedFetchResult, FeedError>) -> Void)
}


/// Cover images in a local cache: desktop shells show only local files.
public protocol ArtLookup: AnyObject {
    /// The cached file for `remote`, when it is on disk.
    func cachedFile(for remote: URL) -> URL?
    /// Downloads `remote` into the cache; the completion runs later on the caller's main context.
    func fetch(_ remote: URL, completion: @escaping (Result<URL, ArtError>) -> Void)
}
