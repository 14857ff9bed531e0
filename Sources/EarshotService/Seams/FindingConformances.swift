import EarshotCore
import EarshotFeed

/// The libsoup `DirectoryClient` as Core's `DirectoryAsking`.
public final class SoupDirectories: DirectoryAsking {
    private let client: DirectoryClient

    public init(_ client: DirectoryClient) { self.client = client }

    public func ask(_ query: DirectoryQuery, of directory: Directory,
                    completion: @escaping (Result<[DirectoryShow], DirectoryError>) -> Void) -> Cancellable {
        client.ask(query, of: directory, completion: completion)
    }
}

extension DirectoryTransfer: Cancellable {}
extension WebPageReader: PageReading {}
