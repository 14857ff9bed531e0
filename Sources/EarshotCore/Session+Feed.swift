import EarshotFeed
import EarshotGLib
import EarshotStore
import Foundation

/// Keeping the feed current: conditional refreshes that store new and changed episodes without ever
/// interrupting the episode that plays, and switching to another feed (OpenUri with a feed's URL).
extension Session {
    /// Fetches the feed again (conditional GET). New episodes are stored and appear; the current episode
    /// keeps playing; a permanent move or itunes:new-feed-url updates the stored URL; a failure is
    /// logged and changes nothing. `completion` runs on the loop when it is over.
    public func refresh(completion: @escaping () -> Void = {}) {
        let url = feed.url, id = feed.id
        loader.fetch(url, validators: feed.validators) { [weak self] result in
            guard let self else { return completion() }
            switch result {
            case .success(.notModified):
                try? self.store.markChecked(id, validators: self.feed.validators)
                Log.debug("\(url.absoluteString): not modified")
                completion()
            case .success(.fetched(let fetched)):
                let newURL = fetched.permanentURL ?? fetched.feed.channel.newFeedURL ?? url
                self.storeAndAdopt(fetched.feed.channel, url: url, movedTo: newURL, validators: fetched.validators,
                                   completion: completion)
            case .failure(let error):
                Log.warning("refreshing \(url.absoluteString) failed, keeping the stored episodes: \(error)")
                completion()
            }
        }
    }

    /// OpenUri with a feed's URL: fetch and store it, then make it the current feed (its newest episode,
    /// paused) — or, when it is the current feed, a refresh that keeps the current episode.
    func openFeed(_ url: URL) {
        if url == feed.url { return refresh() }
        loader.fetch(url) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.fetched(let fetched)):
                self.storeAndAdopt(fetched.feed.channel, url: url, movedTo: fetched.permanentURL ?? url,
                                   validators: fetched.validators, completion: {})
            case .success(.notModified):
                break
            case .failure(let error):
                Log.warning("OpenUri \(url.absoluteString): \(error)")
            }
        }
    }

    /// Writes the channel to the store and sorts its episodes on a worker thread (thousands of rows are
    /// no work for the loop), then adopts the result on the loop.
    private func storeAndAdopt(_ channel: Channel, url: URL, movedTo newURL: URL, validators: FeedValidators,
                               completion: @escaping () -> Void) {
        let store = self.store
        let parsed = ParsedChannel(channel)
        Worker.run("earshot-store", on: context, work: { () -> Result<(FeedOutline, [String: EpisodeStatus], PlayOrder), Error> in
            Result {
                let id = try store.saveFeed(parsed.take(), url: url, validators: validators)
                if newURL != url {
                    do { try store.moveFeed(id, to: newURL) } catch { Log.warning("keeping \(url.absoluteString): \(error)") }
                }
                guard let stored = try store.outline(id: id) else { throw StoreVanished() }
                return (stored, try store.statuses(in: id), PlayOrder(feedOrder: stored.episodes))
            }
        }) { [weak self] result in
            defer { completion() }
            guard let self else { return }
            switch result {
            case .success(let (stored, statuses, order)):
                if stored.url != url { Log.message("the feed moved: \(url.absoluteString) → \(stored.url.absoluteString)") }
                self.adopt(stored, statuses: statuses, order: order)
            case .failure(let error):
                Log.warning("could not store \(url.absoluteString): \(error)")
            }
        }
    }

    /// Gives back what bulk work left behind: SQLite's page cache and the heap's free pages (after a
    /// feed was parsed, stored and read back, about 15 MB stayed resident otherwise).
    public func returnFreeMemory() {
        store.releaseMemory()
        Heap.returnFreeMemory()
    }

    private func adopt(_ stored: FeedOutline, statuses newStatuses: [String: EpisodeStatus], order newOrder: PlayOrder) {
        let keeping = stored.id == feed.id ? currentEpisode?.id : nil
        feed = stored
        order = newOrder
        statuses = newStatuses
        metadataCache = nil
        defer { returnFreeMemory() }  // the parsed feed is gone by now
        if let keeping, let index = order.index(ofID: keeping) {
            current = index
            Log.debug("refreshed \(stored.url.absoluteString): \(stored.episodes.count) episodes")
        } else {
            if loaded { saveProgress(leaving: true) }
            current = order.newestPlayable
            loaded = false
            engine.stop()
            if let current {
                try? store.makeCurrent(feed: stored.id, episode: order.episodes[current].id)
                load(play: false)
            }
            Log.message("now serving \(stored.url.absoluteString) (\(stored.episodes.count) episodes)")
        }
        onChange()
    }
}

/// The parsed channel on its way to the store, handed over once, so that the worker that stores it also
/// frees it (a 5,000-episode feed is megabytes of strings) before the session adopts the result.
private final class ParsedChannel: @unchecked Sendable {
    private var channel: Channel?

    init(_ channel: Channel) { self.channel = channel }

    /// The channel; the box no longer holds it. Called once, on the worker.
    func take() -> Channel {
        defer { channel = nil }
        return channel ?? Channel()
    }
}

/// The feed row disappeared between writing and reading it back (nothing else deletes feeds).
struct StoreVanished: Error, CustomStringConvertible {
    var description: String { "the stored feed could not be read back" }
}
