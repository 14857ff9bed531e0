import EarshotGLib
import Foundation

/// Asks the podcast directories over http(s), with a feed loader's libsoup session: builds each request
/// (`DirectoryEndpoints`, signed for Podcast Index), fetches the reply (at most `maximumBytes`), reads it
/// on a worker thread (`DirectoryReply`) and answers on the loader's main context. An Apple chart is
/// two requests: the chart, then one lookup of its ids. Deadlines are the caller's (the session's one
/// clock); `cancel()` on the returned handle stops the transfer.
public final class DirectoryClient {
    /// The largest reply accepted.
    public static let maximumBytes: Int64 = 4 << 20
    public let endpoints: DirectoryEndpoints
    private let loader: FeedLoader

    /// A client sharing `loader`'s session and main context.
    public init(endpoints: DirectoryEndpoints, sharing loader: FeedLoader) {
        self.endpoints = endpoints
        self.loader = loader
    }

    /// Puts `query` to `directory`; `completion` runs later on the loader's context, unless the
    /// transfer was cancelled first.
    @discardableResult
    public func ask(_ query: DirectoryQuery, of directory: Directory,
                    completion answer: @escaping (Result<[DirectoryShow], DirectoryError>) -> Void) -> DirectoryTransfer {
        let transfer = DirectoryTransfer()
        let completion = { (result: Result<[DirectoryShow], DirectoryError>) in if !transfer.cancelled { answer(result) } }
        if directory == .podcastindex, !endpoints.hasPodcastIndexKey {
            loader.context.addIdle { completion(.failure(.missingKey)) }
            return transfer
        }
        guard let request = endpoints.request(query, to: directory, at: Date()) else {
            loader.context.addIdle { completion(.failure(.refused("\(directory.name) has no charts"))) }
            return transfer
        }
        if case .chart = query {
            fetch(request, from: directory, into: transfer, read: ITunesChartReply.ids) { [weak self] ids in
                switch ids {
                case .success(let ids) where ids.isEmpty: completion(.success([]))
                case .success(let ids):
                    guard let self, let lookUp = self.endpoints.lookUp(ids: ids) else { return completion(.success([])) }
                    self.fetch(lookUp, from: .itunes, into: transfer, read: ITunesReply.shows) { shows in
                        completion(shows.map { ITunesChartReply.ordered($0, chart: ids) })
                    }
                case .failure(let error): completion(.failure(error))
                }
            }
        } else {
            fetch(request, from: directory, into: transfer, read: { (bytes) throws(DirectoryError) in try DirectoryReply.shows(bytes, from: directory) }) { shows in
                if case .lookUp(let id) = query, case .success(let found) = shows, found.isEmpty {
                    return completion(.failure(.notFound(id)))
                }
                if case .feedGuid(let guid) = query, case .success(let found) = shows, found.isEmpty {
                    return completion(.failure(.notFound(guid)))
                }
                completion(shows)
            }
        }
        return transfer
    }

    /// Fetches `request` and reads a 2xx reply with `read` on a worker; anything else becomes the
    /// directory's error (a refusal in its own words when its error body says one).
    private func fetch<Value: Sendable>(_ request: DirectoryEndpoints.Request, from directory: Directory, into transfer: DirectoryTransfer,
                                        read: @escaping @Sendable ([UInt8]) throws(DirectoryError) -> Value,
                                        completion: @escaping (Result<Value, DirectoryError>) -> Void) {
        let context = loader.context
        transfer.current = DocumentFetch.start(request.url, headers: request.headers, followingRedirects: !request.carriesKey,
                                               limit: Self.maximumBytes, with: loader) { fetched in
            switch fetched {
            case .success(let document) where document.isRedirect:
                let target = document.location.flatMap { URL(string: $0, relativeTo: request.url)?.host } ?? "another address"
                completion(.failure(.redirected(to: target)))
            case .failure(.transfer(let words)): completion(.failure(.unreachable(words)))
            case .failure(.tooLarge(let limit)): completion(.failure(.tooLarge(limit: limit)))
            case .success(let document) where document.status == 429:
                completion(.failure(.rateLimited(retryAfter: document.retryAfter)))
            case .success(let document):
                let bytes = document.bytes, succeeded = document.succeeded
                let failure = DirectoryError.http(status: document.status, reason: document.reason)
                Worker.run("earshot-directory", on: context, work: { () -> Result<Value, DirectoryError> in
                    do throws(DirectoryError) {
                        guard succeeded else {
                            _ = try DirectoryReply.shows(bytes, from: directory)
                            return .failure(failure)
                        }
                        return .success(try read(bytes))
                    } catch {
                        return .failure(succeeded || error.isRefusal ? error : failure)
                    }
                }, completion: completion)
            }
        }
    }
}

/// A directory request in flight (one or two transfers); `cancel()` stops it and its completion.
public final class DirectoryTransfer {
    fileprivate var current: DocumentFetch?
    fileprivate private(set) var cancelled = false

    /// Stops the transfer under way; the completion will not run.
    public func cancel() {
        cancelled = true
        current?.cancel()
        current = nil
    }
}

private extension DirectoryError {
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
