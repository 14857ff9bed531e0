import EarshotMPRIS
import EarshotStore
import Foundation

// The arguments of org.earshot.Earshot1 and the desktop-search objects as the library's types, with
// the ranges dbus/org.earshot.Earshot1.xml gives them ("a podcast is named by its id (x, > 0)";
// "0 means none or all where a method says so"). A value outside them is `InvalidArgs`.

extension BusArgument where Value == Int64 {
    /// A row id (x, 1 or more), refused in words naming whose id it is ("an episode's").
    static func id(_ name: String, of whose: String) -> Self {
        int64(name).map { id throws(ArgumentRefusal) in
            guard id > 0 else { throw ArgumentRefusal("must be \(whose) id (1 or more), not \(id)") }
            return id
        }
    }
}

extension BusArgument where Value == Int64? {
    /// A row id, or 0 for `zero` ("none", "all"): nil.
    static func idOrZero(_ name: String, of whose: String, zero: String) -> Self {
        BusArgument<Int64>.int64(name).map { id throws(ArgumentRefusal) in
            guard id >= 0 else { throw ArgumentRefusal("must be \(whose) id, or 0 for \(zero), not \(id)") }
            return id == 0 ? nil : id
        }
    }
}

extension BusArgument where Value == EpisodeID {
    /// An episode's id (x, 1 or more).
    static func episode(_ name: String = "episode") -> Self {
        BusArgument<Int64>.id(name, of: "an episode's").map(EpisodeID.init(rawValue:))
    }
}

extension BusArgument where Value == EpisodeID? {
    /// An episode's id, or 0 for none.
    static func episodeOrNone(_ name: String) -> Self {
        BusArgument<Int64?>.idOrZero(name, of: "an episode's", zero: "none").map { $0.map(EpisodeID.init(rawValue:)) }
    }

    /// An episode's id, or 0 for every episode.
    static func episodeOrAll(_ name: String = "episode") -> Self {
        BusArgument<Int64?>.idOrZero(name, of: "an episode's", zero: "all").map { $0.map(EpisodeID.init(rawValue:)) }
    }
}

/// The most ids or addresses one call may name: every episode of a big library's largest podcasts, and
/// far from what would keep the loop busy (a client may send millions in one message).
let mostInOneCall = 100_000

extension BusArgument where Value == [Int64] {
    /// A list of ids (ax) of at most `mostInOneCall`, refused in words naming `what` they are.
    static func ids(_ name: String, of what: String) -> Self {
        int64s(name).map { ids throws(ArgumentRefusal) in
            guard ids.count <= mostInOneCall else {
                throw ArgumentRefusal("names \(ids.count) \(what): at most \(mostInOneCall) in one call")
            }
            return ids
        }
    }
}

extension BusArgument where Value == [String] {
    /// Addresses to subscribe to (as), at most `mostInOneCall`.
    static func addresses(_ name: String) -> Self {
        strings(name).map { addresses throws(ArgumentRefusal) in
            guard addresses.count <= mostInOneCall else {
                throw ArgumentRefusal("names \(addresses.count) addresses: at most \(mostInOneCall) in one call")
            }
            return addresses
        }
    }
}

extension BusArgument where Value == [EpisodeID] {
    /// A list of episode ids (ax), at most `mostInOneCall`; what is not an episode is the method's to judge.
    static func episodes(_ name: String = "episodes") -> Self {
        BusArgument<[Int64]>.ids(name, of: "episodes").map { ids in ids.map(EpisodeID.init(rawValue:)) }
    }
}

extension BusArgument where Value == PodcastID {
    /// A podcast's id (x, 1 or more).
    static func podcast(_ name: String = "podcast") -> Self {
        BusArgument<Int64>.id(name, of: "a podcast's").map(PodcastID.init(rawValue:))
    }
}

extension BusArgument where Value == PodcastID? {
    /// A podcast's id, or 0 for every podcast (or the global default).
    static func podcastOrAll(_ name: String = "podcast") -> Self {
        BusArgument<Int64?>.idOrZero(name, of: "a podcast's", zero: "all").map { $0.map(PodcastID.init(rawValue:)) }
    }
}

extension BusArgument where Value == [PodcastID] {
    /// A list of podcast ids (ax), at most `mostInOneCall`.
    static func podcasts(_ name: String = "podcasts") -> Self {
        BusArgument<[Int64]>.ids(name, of: "podcasts").map { ids in ids.map(PodcastID.init(rawValue:)) }
    }
}

extension BusArgument where Value == Date? {
    /// An instant (x, seconds since 1970), or 0 for none.
    static func instant(_ name: String) -> Self {
        BusArgument<Int64>.int64(name).map { seconds in seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)) }
    }
}

extension BusArgument where Value == Int {
    /// A 1-based place (u, 1 or more), as a 0-based index.
    static func place(_ name: String) -> Self {
        BusArgument<UInt32>.uint32(name).map { place throws(ArgumentRefusal) in
            guard place > 0 else { throw ArgumentRefusal("counts from 1, so it cannot be 0") }
            return Int(place) - 1
        }
    }

    /// A count (u) from `range`.
    static func count(_ name: String, in range: ClosedRange<Int>) -> Self {
        BusArgument<UInt32>.uint32(name).map { count throws(ArgumentRefusal) in
            guard range.contains(Int(count)) else { throw ArgumentRefusal("must be \(range.lowerBound) to \(range.upperBound), not \(count)") }
            return Int(count)
        }
    }
}

extension BusArgument where Value == Int? {
    /// A 1-based place (u) as a 0-based index, or 0 for none (the end, all).
    static func placeOrNone(_ name: String) -> Self {
        BusArgument<UInt32>.uint32(name).map { place in place == 0 ? nil : Int(place) - 1 }
    }

    /// A count (u), or 0 for no limit.
    static func limitOrNone(_ name: String) -> Self {
        BusArgument<UInt32>.uint32(name).map { count in count == 0 ? nil : Int(count) }
    }
}
