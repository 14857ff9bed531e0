import EarshotFeed
import EarshotGLib
import Foundation

/// Where the feeds are that remote items name by their `podcast:guid` alone (no `feedUrl`): a show the
/// library subscribes to says so itself (its stored `podcast:guid`); any other is asked of Podcast Index
/// (`/podcasts/byguid`, through the session's `Finder`: only with the listener's key and secret, never
/// otherwise). Each answer — an address, or Podcast Index not knowing the guid — is remembered for the
/// daemon's life, so the hourly refresh does not ask again; a failure (no key, a timeout, an error) is
/// not, and leaves the items as the feed gave them, with a log line. A guid asked for while it is being
/// looked up joins that lookup. Runs on the loop; the store is read on the background.
final class RemoteFeedAddresses {
    /// Podcast Index is asked through it; without it, only the library is.
    weak var finder: Finder?
    private let store: LibraryStore
    private let background: Background
    private var known: [String: URL] = [:]
    /// Guids Podcast Index said it knows no feed for.
    private var unknown: Set<String> = []
    /// Guids being looked up, with everyone waiting for each.
    private var waiting: [String: [(URL?) -> Void]] = [:]
    private var saidNoKey = false

    init(store: LibraryStore, background: Background) {
        self.store = store
        self.background = background
    }

    /// The addresses of the feeds with these guids, those found; `completion` runs on the loop (at once
    /// when every guid's answer is remembered).
    func addresses(of guids: [String], completion: @escaping ([String: URL]) -> Void) {
        var distinct: [String] = []
        for guid in guids where !distinct.contains(guid) { distinct.append(guid) }
        guard !distinct.isEmpty else { return completion([:]) }
        var found: [String: URL] = [:], left = distinct.count, fresh: [String] = []
        for guid in distinct {
            let settle = { (url: URL?) in
                found[guid] = url
                left -= 1
                if left == 0 { completion(found) }
            }
            if let url = known[guid] {
                settle(url)
            } else if unknown.contains(guid) {
                settle(nil)
            } else if waiting[guid] != nil {
                waiting[guid]?.append(settle)
            } else {
                waiting[guid] = [settle]
                fresh.append(guid)
            }
        }
        if !fresh.isEmpty { lookUp(fresh) }
    }

    /// Asks the library, then Podcast Index for those the library does not have.
    private func lookUp(_ guids: [String]) {
        let store = self.store
        background.run({ () -> [String: URL] in
            var subscribed: [String: URL] = [:]
            for guid in guids {
                do {
                    if let podcast = try store.podcastID(guid: guid), let url = try store.podcast(podcast)?.url { subscribed[guid] = url }
                } catch {
                    Log.warning("cannot read which podcast has podcast:guid \(guid): \(error)")
                }
            }
            return subscribed
        }, completion: { [weak self] subscribed in
            guard let self else { return }
            for (guid, url) in subscribed {
                known[guid] = url
                answer(guid, url)
            }
            let rest = guids.filter { subscribed[$0] == nil }
            guard !rest.isEmpty else { return }
            guard let finder else { return rest.forEach { self.answer($0, nil) } }
            finder.lookUp(guids: rest) { [weak self] answers in
                for guid in rest { self?.take(answers[guid], for: guid) }
            }
        })
    }

    private func take(_ answer: Result<DirectoryShow, DirectoryError>?, for guid: String) {
        switch answer {
        case .success(let show):
            Log.message("Podcast Index: the feed with podcast:guid \(guid) is at \(show.feed.absoluteString)")
            known[guid] = show.feed
            self.answer(guid, show.feed)
        case .failure(.notFound):
            Log.message("Podcast Index knows no feed with podcast:guid \(guid): the remote items naming it alone stay without audio")
            unknown.insert(guid)
            self.answer(guid, nil)
        case .failure(.missingKey):
            if !saidNoKey {
                saidNoKey = true
                Log.message("remote items naming a feed by podcast:guid alone stay without audio: no Podcast Index key and secret are set")
            }
            self.answer(guid, nil)
        case .failure(let error):
            Log.warning("cannot ask Podcast Index where the feed with podcast:guid \(guid) is (the remote items naming it stay "
                        + "without audio until the next refresh): \(error)")
            self.answer(guid, nil)
        case nil:
            self.answer(guid, nil)
        }
    }

    private func answer(_ guid: String, _ url: URL?) {
        for settle in waiting.removeValue(forKey: guid) ?? [] { settle(url) }
    }
}
