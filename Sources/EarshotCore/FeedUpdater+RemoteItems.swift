import EarshotFeed
import EarshotGLib
import Foundation

extension FeedUpdater {
    /// `fetched` with its remote items given the audio of the episodes they name (`RemoteItems`): once
    /// the addresses of feeds named by guid alone are known (`RemoteFeedAddresses`) and the feeds named
    /// are fetched; at once when it names none but itself. A feed that cannot be found or fetched leaves
    /// its items as they were.
    func resolvingRemoteItems(_ fetched: FetchedFeed, completion: @escaping (FetchedFeed) -> Void) {
        let own = fetched.finalURL
        let sources = RemoteItems.sources(in: fetched.feed.channel, own: own)
        remoteFeeds.addresses(of: RemoteItems.guids(in: sources)) { [weak self] addresses in
            guard let self else { return }
            self.fetchAll(RemoteItems.feeds(for: sources, addresses: addresses, own: own)) { others in
                var filled = fetched
                filled.feed.channel = RemoteItems.filled(fetched.feed.channel, own: own, from: others, addresses: addresses)
                completion(filled)
            }
        }
    }

    /// The channels of `feeds` that could be fetched, by address; at once when there are none.
    private func fetchAll(_ feeds: [URL], completion: @escaping ([URL: Channel]) -> Void) {
        guard !feeds.isEmpty else { return completion([:]) }
        var others: [URL: Channel] = [:], waiting = feeds.count
        for feed in feeds {
            fetcher.fetch(feed, validators: FeedValidators()) { result in
                switch result {
                case .success(.fetched(let other)): others[feed] = other.feed.channel
                case .success(.notModified): break
                case .failure(let error): Log.warning("cannot fetch \(feed.absoluteString) for the episodes another feed plays from it: \(error)")
                }
                waiting -= 1
                if waiting == 0 { completion(others) }
            }
        }
    }
}
