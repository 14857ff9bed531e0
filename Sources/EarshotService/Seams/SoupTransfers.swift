import EarshotCore
import EarshotFeed
import Foundation

/// The libsoup `EpisodeDownload` as an `EpisodeTransferring`; downloads from a private feed's host carry
/// its credentials.
public final class SoupTransfers: EpisodeTransferring {
    private let credentials: FeedCredentials?

    public init(credentials: FeedCredentials? = nil) {
        self.credentials = credentials
    }

    public func start(from remote: URL, to destination: URL, progress: @escaping (DownloadProgress) -> Void,
                      completion: @escaping (Result<URL, DownloadError>) -> Void) -> DownloadHandle {
        let download = EpisodeDownload(from: remote, to: destination, credentials: credentials)
        download.start(progress: progress, completion: completion)
        return download
    }
}

extension EpisodeDownload: DownloadHandle {}
