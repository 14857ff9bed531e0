import EarshotMPRIS
import Foundation

/// Looking after the library on org.earshot.Earshot1: marking, stars, the inbox, history, statistics.
extension DaemonClient {
    /// Marks episodes played or unplayed; returns those marked.
    func mark(_ episodes: [Int64], played: Bool) throws -> [Int64] {
        try ids(call("Mark", [Self.idArray(episodes), .boolean(played)], about: episodes.count == 1 ? .episode(episodes[0]) : nil), "Mark")
    }

    /// Marks a podcast's episodes (those before an episode, or released before a date, when given).
    func mark(podcast: Int64, played: Bool, before episode: Int64?, releasedBefore date: Date?) throws -> [Int64] {
        let released = date.map(Self.busSeconds) ?? 0
        let reply = try call("MarkPodcast", [.int64(podcast), .boolean(played), .int64(episode ?? 0), .int64(released)],
                             about: .podcast(podcast))
        return try ids(reply, "MarkPodcast")
    }

    /// `date` as the bus's instant: whole seconds since 1970, negative before it. 0 means "no date" on
    /// the bus, so a date within the first second of 1970 goes as the second before it.
    static func busSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return -1 }
        let clamped = Int64(min(max(seconds, -9.0e15), 9.0e15))
        return clamped == 0 ? -1 : clamped
    }

    func star(_ episodes: [Int64], starred: Bool) throws {
        try call("Star", [Self.idArray(episodes), .boolean(starred)], about: episodes.count == 1 ? .episode(episodes[0]) : nil)
    }

    /// Takes episodes out of the inbox (none named: all of them); returns how many left it.
    func dismiss(_ episodes: [Int64]) throws -> Int {
        let reply = try call("Dismiss", [Self.idArray(episodes)])
        guard reply.count == 1, let count = reply[0].uint32Value else { throw CommandFailure(DaemonFailure.unexpectedReply("Dismiss")) }
        return Int(count)
    }

    /// The history since `since` (nil: ever), latest first, at most `limit` rows (nil: all).
    func history(since: Date?, limit: Int?) throws -> [HistoryEntry] {
        try callForList("History", [Self.instant(since), .uint32(UInt32(clamping: limit ?? 0))]).compactMap(HistoryEntry.init)
    }

    func stats(since: Date?) throws -> StatsRecord {
        let reply = try call("Stats", [Self.instant(since)])
        guard reply.count == 1, let stats = Vardict(reply[0]).flatMap(StatsRecord.init) else {
            throw CommandFailure(DaemonFailure.unexpectedReply("Stats"))
        }
        return stats
    }

    private func ids(_ reply: [DBusValue], _ member: String) throws -> [Int64] {
        guard reply.count == 1, let items = reply[0].arrayElements else { throw CommandFailure(DaemonFailure.unexpectedReply(member)) }
        return items.compactMap(\.int64Value)
    }

    private static func idArray(_ ids: [Int64]) -> DBusValue { .array(elementSignature: "x", ids.map(DBusValue.int64)) }

    private static func instant(_ date: Date?) -> DBusValue { .int64(date.map(busSeconds) ?? 0) }
}
