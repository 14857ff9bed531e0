import EarshotCore
import EarshotFeed
import Foundation

/// The libsoup `EpisodeDownload` as an `EpisodeTransferring`.
public final class SoupTransfers: EpisodeTransferring {
    public init() {}

    public func start(from remote: URL, to destination: URL, progress: @escaping (DownloadProgress) -> Void,
                      completion: @escaping (Result<URL, DownloadError>) -> Void) -> DownloadHandle {
        let download = EpisodeDownload(from: remote, to: destination)
        download.start(progress: progress, completion: completion)
        return download
    }
}

extension EpisodeDownload: DownloadHandle {}
