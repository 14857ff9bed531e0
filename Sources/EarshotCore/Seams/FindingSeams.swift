import EarshotFeed
import Foundation

/// Asking a podcast directory (a search, Apple's chart, a lookup by id). `DirectoryClient` (libsoup) is
/// the real one, through `SoupDirectories`; the completion runs later on the loop, unless the returned
/// request was cancelled first.
public protocol DirectoryAsking: AnyObject {
    func ask(_ query: DirectoryQuery, of directory: Directory,
             completion: @escaping (Result<[DirectoryShow], DirectoryError>) -> Void) -> Cancellable
}

/// Reading the feed links of a web page. `WebPageReader` (libsoup, libxml2's HTML parser) is the real
/// one; the completion runs later on the loop.
public protocol PageReading: AnyObject {
    func feedLinks(of page: URL, completion: @escaping (Result<[FeedLink], WebPageError>) -> Void)
}

/// Work under way that can be stopped; its completion does not run after `cancel()`.
public protocol Cancellable: AnyObject {
    func cancel()
}
