import EarshotStore

/// Up Next: the ordered list of episodes, from any podcast, that play after the current one. An episode
/// is in it at most once. Positions are 0-based here (the command line and D-Bus count from 1).
public struct UpNext: Sendable, Equatable {
    /// One queued episode and the podcast it belongs to (so unsubscribing can take its entries out).
    public struct Item: Sendable, Equatable {
        public var episode: EpisodeID
        public var podcast: PodcastID
        public init(episode: EpisodeID, podcast: PodcastID) {
            self.episode = episode
            self.podcast = podcast
        }
    }

    /// The items in play order.
    public private(set) var items: [Item] = []

    public init(_ items: [Item] = []) {
        var seen = Set<EpisodeID>()
        self.items = items.filter { seen.insert($0.episode).inserted }
    }

    public var isEmpty: Bool { items.isEmpty }
    public var count: Int { items.count }
    public var first: Item? { items.first }
    public var episodes: [EpisodeID] { items.map(\.episode) }

    /// The 0-based place of `episode`, if queued.
    public func index(of episode: EpisodeID) -> Int? { items.firstIndex { $0.episode == episode } }

    /// Inserts `new` at `position` (clamped; nil: at the end), in the order given; an episode already
    /// queued moves there.
    public mutating func insert(_ new: [Item], at position: Int? = nil) {
        let moving = Set(new.map(\.episode))
        var unique: [Item] = []
        var seen = Set<EpisodeID>()
        for item in new where seen.insert(item.episode).inserted { unique.append(item) }
        // The place is counted in the list as the listener sees it, before the moved ones leave.
        let anchor = position.map { min(max($0, 0), items.count) } ?? items.count
        let before = items[..<anchor].filter { !moving.contains($0.episode) }
        let after = items[anchor...].filter { !moving.contains($0.episode) }
        items = before + unique + after
    }

    /// Takes these episodes out; returns whether anything changed.
    @discardableResult
    public mutating func remove(_ episodes: Set<EpisodeID>) -> Bool {
        let before = items.count
        items.removeAll { episodes.contains($0.episode) }
        return items.count != before
    }

    /// Takes every episode of `podcast` out; returns whether anything changed.
    @discardableResult
    public mutating func remove(podcast: PodcastID) -> Bool {
        let before = items.count
        items.removeAll { $0.podcast == podcast }
        return items.count != before
    }

    /// Moves a queued episode to `position` (clamped); returns false when it is not queued.
    public mutating func move(_ episode: EpisodeID, to position: Int) -> Bool {
        guard let from = index(of: episode) else { return false }
        let item = items.remove(at: from)
        items.insert(item, at: min(max(position, 0), items.count))
        return true
    }

    public mutating func clear() { items.removeAll() }
}
