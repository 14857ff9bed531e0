import EarshotGLib
import Foundation

/// Fetches and reads the transcript a `TranscriptLink` points to: over http(s) with the feed loader's
/// libsoup session and the transfer rules of every small document (`DocumentFetch`: the cover-art
/// deadline and minimum rate, redirects only to http and https), or from a local file (`file://`, a
/// transcript kept beside a download; regular files only), at most `maximumBytes` either way. The bytes
/// are read on a worker thread (`TranscriptDocument.parse`, with the link's type, else the server's);
/// the completion runs later on the loader's main context.
public final class TranscriptLoader {
    /// The largest transcript accepted. A word-by-word JSON transcript of a three-hour episode is about
    /// 3 MiB.
    public static let maximumBytes: Int64 = 8 << 20
    private let feeds: FeedLoader

    /// A loader sharing `feeds`' session and main context.
    public init(sharing feeds: FeedLoader) { self.feeds = feeds }

    /// Fetches and reads the transcript at `link`.
    public func fetch(_ link: TranscriptLink, completion: @escaping (Result<[TranscriptSegment], TranscriptFetchError>) -> Void) {
        let context = feeds.context
        if link.url.isFileURL {
            return Worker.run("earshot-transcript", on: context, work: {
                TranscriptFile.read(link.url, limit: Self.maximumBytes).flatMap { Self.parse($0, type: link.type, url: link.url) }
            }, completion: completion)
        }
        let accept = [("Accept", "application/json, text/vtt, application/x-subrip, text/html;q=0.9, text/plain;q=0.9, */*;q=0.5")]
        DocumentFetch.start(link.url, headers: accept, limit: Self.maximumBytes, with: feeds) { fetched in
            switch fetched {
            case .failure(.transfer(let words)):
                completion(.failure(.transfer(words)))
            case .failure(.tooLarge(let limit)):
                completion(.failure(.tooLarge(limit: limit)))
            case .success(let document) where !document.succeeded:
                completion(.failure(.transfer("the server answered \(document.status) \(document.reason)")))
            case .success(let document):
                let type = link.type ?? document.mediaType
                Worker.run("earshot-transcript", on: context, work: { Self.parse(document.bytes, type: type, url: document.url) },
                           completion: completion)
            }
        }
    }

    private static func parse(_ bytes: [UInt8], type: String?, url: URL) -> Result<[TranscriptSegment], TranscriptFetchError> {
        do throws(TranscriptDocumentError) {
            return .success(try TranscriptDocument.parse(bytes, type: type, url: url))
        } catch {
            return .failure(.document(error))
        }
    }
}
