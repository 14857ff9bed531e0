import EarshotStore
import Foundation

/// Every podcast in the order they were added, found by id or by feed address in constant time.
///
/// A refresh of thousands of feeds changes one podcast at a time (checked, stored, played): such a
/// change touches its entry only. The indexes are rebuilt only when podcasts come, go or move to
/// another address.
struct PodcastRoster {
    private(set) var all: [PodcastSummary] = []
    private var indexByID: [PodcastID: Int] = [:]
    /// Each podcast by the address its feed lives at, and by those it lived at before it moved.
    private var indexByURL: [URL: Int] = [:]

    init(_ podcasts: [PodcastSummary]) {
        all = podcasts
        reindex()
    }

    func podcast(_ id: PodcastID) -> PodcastSummary? { indexByID[id].map { all[$0] } }
    func podcast(url: URL) -> PodcastSummary? { indexByURL[url].map { all[$0] } }

    /// Puts `summary` in place of the podcast with its id, or adds it at the end; returns whether it is new.
    @discardableResult
    mutating func store(_ summary: PodcastSummary) -> Bool {
        guard let index = indexByID[summary.id] else {
            // An import adds thousands, one at a time: the new one is indexed alone (its address wins
            // over another's former address, as in `reindex`).
            all.append(summary)
            indexByID[summary.id] = all.count - 1
            for former in summary.formerURLs where indexByURL[former] == nil { indexByURL[former] = all.count - 1 }
            indexByURL[summary.url] = all.count - 1
            return true
        }
        let moved = all[index].url != summary.url || all[index].formerURLs != summary.formerURLs
        all[index] = summary
        if moved { reindex() }
        return false
    }

    /// Changes the podcast `id` in place (not its addresses), when there is one.
    mutating func update(_ id: PodcastID, _ change: (inout PodcastSummary) -> Void) {
        guard let index = indexByID[id] else { return }
        change(&all[index])
    }

    mutating func remove(_ id: PodcastID) {
        guard indexByID[id] != nil else { return }
        all.removeAll { $0.id == id }
        reindex()
    }

    private mutating func reindex() {
        indexByID = Dictionary(all.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        indexByURL = [:]
        for (offset, podcast) in all.enumerated() {
            for former in podcast.formerURLs where indexByURL[former] == nil { indexByURL[former] = offset }
        }
        for (offset, podcast) in all.enumerated() { indexByURL[podcast.url] = offset }
    }
}
