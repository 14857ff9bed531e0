import EarshotLocale
import EarshotStore

/// What plays after the current episode and what played before it: Up Next, the play order of the
/// current episode's podcast and the history Previous walks back through, with the rules of Next,
/// Previous and the end of an episode. Pure rules, like MPD's playlist beside its player control: no
/// store and no engine (the `Listening` saves what changed, through the playhead).
public struct Queue: Equatable {
    /// Up Next.
    public internal(set) var upNext = UpNext()
    /// Episodes played before the current one, oldest first.
    public internal(set) var history: [EpisodeID] = []
    /// The play order of the current episode's podcast (nil when that podcast was removed).
    public internal(set) var order: PlayOrder?

    /// How many played episodes Previous can walk back through.
    static let historyLimit = 100

    /// A queue with these lists.
    public init(upNext: UpNext = UpNext(), history: [EpisodeID] = [], order: PlayOrder? = nil) {
        self.upNext = upNext
        self.history = history
        self.order = order
    }

    // MARK: Navigation

    /// The episode Next (or the end of `current`) plays: the first of Up Next, else the next newer
    /// episode of the current podcast.
    public func next(after current: EpisodeID?) -> EpisodeID? {
        if let first = upNext.first { return first.episode }
        guard let current, let order, let index = order.index(ofKey: current), let next = order.next(after: index) else { return nil }
        return order.episodes[next].key
    }

    /// The episode Previous plays: the one played before, else the next older one of the podcast.
    public func previous(before current: EpisodeID?) -> EpisodeID? {
        if let last = history.last(where: { $0 != current }) { return last }
        guard let current, let order, let index = order.index(ofKey: current),
              let previous = order.previous(before: index) else { return nil }
        return order.episodes[previous].key
    }

    /// Previous goes back to `episode`: the history is cut back to before it. Returns whether it came
    /// from the history (rather than from the podcast's order).
    mutating func goBack(to episode: EpisodeID) -> Bool {
        guard let index = history.lastIndex(of: episode) else { return false }
        history.removeSubrange(index...)
        return true
    }

    /// An episode that played is left: it goes to the end of the history (once), the oldest dropping
    /// out beyond `historyLimit`.
    mutating func remember(_ episode: EpisodeID) {
        history.removeAll { $0 == episode }
        history.append(episode)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    // MARK: Changing Up Next

    /// Puts `episodes` into Up Next at `position` (0-based; nil: the end), in the order given. Each is
    /// read through `listing` (nil: not stored); one without audio is refused, the current one skipped.
    mutating func enqueue(_ episodes: [EpisodeID], at position: Int?, current: EpisodeID?,
                          listing: (EpisodeID) throws(LibraryError) -> EpisodeListing?) throws(LibraryError) {
        var items: [UpNext.Item] = []
        for id in episodes where id != current {
            guard let listing = try listing(id) else { throw .noSuchEpisode(id) }
            guard listing.isPlayable else { throw .soundURLMissing(tr("“%s” has no audio", listing.title ?? tr("episode %d", Int(id.rawValue)))) }
            items.append(UpNext.Item(episode: id, podcast: listing.podcast))
        }
        upNext.insert(items, at: position)
    }

    /// Takes `episodes` out of Up Next; an episode that is not queued is an error.
    mutating func dequeue(_ episodes: [EpisodeID]) throws(LibraryError) {
        if let missing = episodes.first(where: { upNext.index(of: $0) == nil }) { throw .noSuchEpisode(missing) }
        upNext.remove(Set(episodes))
    }

    /// Moves a queued episode to `position` (0-based); one that is not queued is an error.
    mutating func move(_ episode: EpisodeID, to position: Int) throws(LibraryError) {
        guard upNext.move(episode, to: position) else { throw .noSuchEpisode(episode) }
    }

    // MARK: Library changes

    /// New episodes of a podcast that auto-queues go to the end of Up Next (never the current one);
    /// whether Up Next changed.
    mutating func queueNew(_ items: [UpNext.Item], current: EpisodeID?) -> Bool {
        let fresh = items.filter { $0.episode != current }
        guard !fresh.isEmpty else { return false }
        upNext.insert(fresh)
        return true
    }

    /// A podcast was removed: its episodes leave Up Next, and its order goes when it was the current
    /// one's. Whether Up Next changed.
    mutating func removed(_ podcast: PodcastID, current: PodcastID?) -> Bool {
        if current == podcast { order = nil }
        return upNext.remove(podcast: podcast)
    }

    /// One podcast was merged into another: Up Next and the history name the episodes that stand for the
    /// merged ones now. Whether Up Next changed (the history is saved anyway).
    mutating func follow(_ merge: PodcastMerge) -> Bool {
        let moved = Set(merge.moved)
        let followed = UpNext(upNext.items.map { item in
            if let kept = merge.episodes[item.episode] { return UpNext.Item(episode: kept, podcast: merge.into) }
            return moved.contains(item.episode) ? UpNext.Item(episode: item.episode, podcast: merge.into) : item
        })
        var seen = Set<EpisodeID>()
        history = history.map { merge.episodes[$0] ?? $0 }.reversed().filter { seen.insert($0).inserted }.reversed()
        guard followed != upNext else { return false }
        upNext = followed
        return true
    }
}
