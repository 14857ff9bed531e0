import EarshotFeed
import EarshotGLib
import Foundation

extension FeedUpdater {
    /// `fetched` with its remote items given the audio of the episodes they name (`RemoteItems`), once
    /// the feeds they name are fetched; at once when it has none. A feed that cannot be fetched leaves
    /// its items as they were.
    func resolvingRemoteItems(_ fetched: FetchedFeed, completion: @escaping (FetchedFeed) -> Void) {
        let feeds = RemoteItems.feeds(in: fetched.feed.channel, own: fetched.finalURL)
        guard !feeds.isEmpty else { return completion(fetched) }
        var others: [URL: Channel] = [:], waiting = feeds.count
        for feed in feeds {
            fetcher.fetch(feed, validators: FeedValidators()) { result in
                switch result {
                case .success(.fetched(let other)): others[feed] = other.feed.channel
                case .success(.notModified): break
                case .failure(let error): Log.warning("cannot fetch \(feed.absoluteString) for the episodes another feed plays from it: \(error)")
                }
                waiting -= 1
                guard waiting == 0 else { return }
                var filled = fetched
                filled.feed.channel = RemoteItems.filled(fetched.feed.channel, from: others)
                completion(filled)
            }
        }
    }
}
