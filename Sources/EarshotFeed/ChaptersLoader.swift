import EarshotGLib
import Foundation

/// Why an episode's chapters file could not be had, in plain words.
public enum ChaptersFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, answered with an error, or the transfer failed.
    case transfer(String)
    /// The document is not a Podcasting 2.0 chapters file.
    case document(ChaptersDocumentError)

    public var description: String {
        switch self {
        case .transfer(let words): words
        case .document(let error): "not a chapters file: \(error)"
        }
    }
}

/// Fetches Podcasting 2.0 chapters files (`podcast:chapters`) over http(s) with the feed loader's libsoup
/// session, within the cover-art transfer limits and `maximumBytes` (`DocumentFetch`), and reads them on a
/// worker thread (`ChaptersDocument.parse`). Completions run later on the loader's main context.
public final class ChaptersLoader {
    /// The largest chapters file accepted.
    public static let maximumBytes: Int64 = 1 << 20
    let feeds: FeedLoader

    /// A loader sharing `feeds`' session and main context.
    public init(sharing feeds: FeedLoader) { self.feeds = feeds }

    /// Fetches and reads the chapters file at `url`.
    public func fetch(_ url: URL, completion: @escaping (Result<[Chapter], ChaptersFetchError>) -> Void) {
        let accept = [("Accept", "application/json+chapters, application/json;q=0.9, */*;q=0.5")]
        let context = feeds.context
        DocumentFetch.start(url, headers: accept, limit: Self.maximumBytes, with: feeds) { fetched in
            switch fetched {
            case .failure(.transfer(let words)):
                completion(.failure(.transfer(words)))
            case .failure(.tooLarge):
                completion(.failure(.transfer("the chapters file is larger than \(Self.maximumBytes >> 10) KiB")))
            case .success(let document) where !document.succeeded:
                completion(.failure(.transfer("the server answered \(document.status) \(document.reason)")))
            case .success(let document):
                let bytes = document.bytes
                Worker.run("earshot-chapters", on: context, work: { () -> Result<[Chapter], ChaptersFetchError> in
                    do throws(ChaptersDocumentError) {
                        return .success(try ChaptersDocument.parse(bytes))
                    } catch {
                        return .failure(.document(error))
                    }
                }, completion: completion)
            }
        }
    }
}
