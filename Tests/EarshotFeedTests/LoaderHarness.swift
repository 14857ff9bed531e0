import EarshotFeed
import EarshotGLib
import Foundation
import Testing

/// Runs one fetch on a private main context (pushed as this thread's default, as the daemon's loop
/// would be) and waits for its completion.
enum LoaderHarness {
    static func fetch(_ url: URL, validators: FeedValidators = FeedValidators(), maximumBytes: Int64 = 64 << 20,
                      timeoutSeconds: UInt32 = 10, limits: TransferLimits = .feed) -> Result<FeedFetchResult, FeedError>? {
        let context = MainContext()
        return context.withThreadDefault {
            let loader = FeedLoader(maximumBytes: maximumBytes, timeoutSeconds: timeoutSeconds, limits: limits)
            var result: Result<FeedFetchResult, FeedError>?
            loader.fetch(url, validators: validators) { result = $0 }
            _ = context.iterate(until: { result != nil }, timeoutSeconds: 30)
            return result
        }
    }

    /// The fetched feed, failing the test otherwise.
    static func fetched(_ url: URL, validators: FeedValidators = FeedValidators()) throws -> FetchedFeed {
        let result = try #require(fetch(url, validators: validators))
        guard case .success(.fetched(let fetched)) = result else {
            Issue.record("expected a fetched feed, got \(result)")
            throw HarnessError()
        }
        return fetched
    }

    /// The error, failing the test when the fetch succeeded.
    static func error(_ url: URL, maximumBytes: Int64 = 64 << 20, timeoutSeconds: UInt32 = 10,
                      limits: TransferLimits = .feed) throws -> FeedError {
        let result = try #require(fetch(url, maximumBytes: maximumBytes, timeoutSeconds: timeoutSeconds, limits: limits))
        guard case .failure(let error) = result else {
            Issue.record("expected an error, got \(result)")
            throw HarnessError()
        }
        return error
    }

    struct HarnessError: Error {}
}
