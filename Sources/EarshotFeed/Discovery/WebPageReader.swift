import EarshotGLib
import Foundation

/// Reads the feed links of a web page (`FeedLinkReader`) fetched with a feed loader's libsoup session:
/// at most `maximumBytes`, within the cover-art transfer limits, only when the answer is HTML
/// (`text/html` or `application/xhtml+xml`; a document without a media type that starts like HTML
/// counts too). The page is read on a worker thread; the completion runs later on the loader's context.
public final class WebPageReader {
    /// The largest page read.
    public static let maximumBytes: Int64 = 2 << 20
    private let loader: FeedLoader

    /// A reader sharing `loader`'s session and main context.
    public init(sharing loader: FeedLoader) { self.loader = loader }

    /// The feeds the page at `page` links to (none is an answer too).
    public func feedLinks(of page: URL, completion: @escaping (Result<[FeedLink], WebPageError>) -> Void) {
        let context = loader.context
        let accept = [("Accept", "text/html, application/xhtml+xml;q=0.9, */*;q=0.5")]
        DocumentFetch.start(page, headers: accept, limit: Self.maximumBytes, with: loader) { fetched in
            switch fetched {
            case .failure(.transfer(let words)): completion(.failure(.unreachable(words)))
            case .failure(.tooLarge(let limit)): completion(.failure(.tooLarge(limit: limit)))
            case .success(let document) where !document.succeeded:
                completion(.failure(.http(status: document.status, reason: document.reason)))
            case .success(let document) where !Self.isHTML(document):
                completion(.failure(.notAWebPage(document.mediaType)))
            case .success(let document):
                Worker.run("earshot-page", on: context, work: {
                    FeedLinkReader.links(in: document.bytes, page: document.url, charset: document.charset)
                }, completion: { completion(.success($0)) })
            }
        }
    }

    private static func isHTML(_ document: FetchedDocument) -> Bool {
        if let type = document.mediaType { return type == "text/html" || type == "application/xhtml+xml" }
        let start = String(decoding: document.bytes.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<html") || start.contains("<!doctype html")
    }
}
