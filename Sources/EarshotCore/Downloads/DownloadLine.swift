import EarshotStore
import Foundation

/// The downloads waiting for their turn, in the order they start: oldest request first (then by
/// episode), at most as many per host as the host has free slots. Each host keeps its own waiting
/// downloads in order, and the hosts wait in a line by their first one, so taking the next download to
/// start does not look at the others; downloads whose next attempt is still to come wait by that time.
/// Adding, removing and taking cost O(log n). Removed entries are dropped lazily, when they reach the
/// front of a heap.
struct DownloadLine {
    /// Where a download stands in line: when it was asked for, then its episode.
    struct Place: Comparable {
        var requestedAt: Date
        var episode: EpisodeID

        static func < (a: Place, b: Place) -> Bool { (a.requestedAt, a.episode) < (b.requestedAt, b.episode) }
    }

    private struct Member {
        var ticket: Int
        var place: Place
        var host: String
        var due: Bool
    }

    /// A waiting download in its host's heap; stale once its episode's ticket changed.
    private struct Waiting: Comparable {
        var place: Place
        var ticket: Int
        static func < (a: Waiting, b: Waiting) -> Bool { a.place < b.place }
    }

    /// A download waiting for its next attempt.
    private struct Retry: Comparable {
        var at: Date
        var place: Place
        var ticket: Int
        static func < (a: Retry, b: Retry) -> Bool { (a.at, a.place) < (b.at, b.place) }
    }

    /// A host in line with the place of its first waiting download (when it was pushed).
    private struct HostEntry: Comparable {
        var place: Place
        var host: String
        static func < (a: HostEntry, b: HostEntry) -> Bool { a.place < b.place }
    }

    private var members: [EpisodeID: Member] = [:]
    private var byHost: [String: MinHeap<Waiting>] = [:]
    /// Every host with a due download and a free slot has an entry here at or before its first one.
    private var hosts = MinHeap<HostEntry>()
    private var retries = MinHeap<Retry>()
    private var nextTicket = 0

    /// Puts `episode` in line at `place` on `host` (in its place again when it was there already): due at
    /// once, or from `notBefore` when that is after `now`.
    mutating func put(_ place: Place, host: String, notBefore: Date?, now: Date) {
        nextTicket += 1
        let due = notBefore.map { $0 <= now } ?? true
        members[place.episode] = Member(ticket: nextTicket, place: place, host: host, due: due)
        if due {
            lineUp(place, ticket: nextTicket, host: host)
        } else {
            retries.push(Retry(at: notBefore!, place: place, ticket: nextTicket))
        }
    }

    /// Takes `episode` out of line (nothing happens when it is not there).
    mutating func remove(_ episode: EpisodeID) {
        members[episode] = nil
    }

    /// Makes the downloads whose next attempt has come due.
    mutating func promote(now: Date) {
        while let retry = retries.first, retry.at <= now {
            _ = retries.pop()
            guard let member = members[retry.place.episode], member.ticket == retry.ticket, !member.due else { continue }
            members[retry.place.episode]?.due = true
            lineUp(member.place, ticket: member.ticket, host: member.host)
        }
    }

    /// The earliest next attempt still to come, after `promote`.
    mutating func nextRetry() -> Date? {
        while let retry = retries.first {
            if let member = members[retry.place.episode], member.ticket == retry.ticket, !member.due { return retry.at }
            _ = retries.pop()
        }
        return nil
    }

    /// The first due download whose host `isFree`, taken out of line, with its host. Hosts that are not
    /// free leave the line until `freed` brings them back.
    mutating func next(isFree: (String) -> Bool) -> (episode: EpisodeID, host: String)? {
        while let entry = hosts.pop() {
            guard isFree(entry.host), let first = first(of: entry.host) else { continue }
            guard first.place == entry.place else {
                // Its first download left the line: the host waits at its new first one.
                hosts.push(HostEntry(place: first.place, host: entry.host))
                continue
            }
            _ = byHost[entry.host]?.pop()
            members[first.place.episode] = nil
            if let following = self.first(of: entry.host) {
                hosts.push(HostEntry(place: following.place, host: entry.host))
            }
            return (first.place.episode, entry.host)
        }
        return nil
    }

    /// `host` has a free slot again: it waits in line at its first download.
    mutating func freed(_ host: String) {
        if let first = first(of: host) { hosts.push(HostEntry(place: first.place, host: host)) }
    }

    private mutating func lineUp(_ place: Place, ticket: Int, host: String) {
        byHost[host, default: MinHeap()].push(Waiting(place: place, ticket: ticket))
        if first(of: host)?.ticket == ticket { hosts.push(HostEntry(place: place, host: host)) }
    }

    /// The first due download of `host`, dropping the entries that left the line.
    private mutating func first(of host: String) -> Waiting? {
        while let waiting = byHost[host]?.first {
            if let member = members[waiting.place.episode], member.ticket == waiting.ticket, member.due { return waiting }
            _ = byHost[host]?.pop()
        }
        byHost[host] = nil
        return nil
    }
}
