import EarshotGLib
import EarshotStore
import Foundation

/// OpenUri: an episode's audio or page URL plays that episode; any other URL is a podcast's, subscribed
/// to when new (through `subscribe`, which reaches the one feed-update pipeline) and opened at its newest
/// episode.
extension Player {
    public func open(_ uri: String, subscribe: (String, @escaping (UpdateReport) -> Void) -> Void) throws(LibraryError) {
        if let id = try Self.read({ try self.store.episodeID(matching: uri) }) {
            return try select(id, play: true, remember: true)
        }
        guard let url = URL(string: uri), url.scheme != nil else { throw .failed("“\(uri)” is not a URL") }
        if let podcast = library.podcast(url: url) {
            if podcast.id == currentPodcast { return try library.refresh([podcast.id]) }
            return selectNewest(of: podcast.id)
        }
        subscribe(uri) { [weak self] report in
            guard let self else { return }
            guard let podcast = report.podcast, report.error == nil else {
                let hint = report.needsPassword ? " (earshot add \(uri) asks for them on a terminal)" : ""
                return Log.warning("OpenUri \(uri): \(report.error ?? "not a feed")\(hint)")
            }
            if podcast != self.currentPodcast { self.selectNewest(of: podcast) }
        }
    }
}
