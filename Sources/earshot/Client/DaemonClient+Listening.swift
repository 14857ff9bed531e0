import EarshotMPRIS

/// The listening half of org.earshot.Earshot1: playing, Up Next, status.
extension DaemonClient {
    func play(episode: Int64) throws {
        try call("Play", [.int64(episode)], about: .episode(episode))
    }

    func play(podcast: Int64) throws {
        try call("PlayPodcast", [.int64(podcast)], about: .podcast(podcast))
    }

    /// Up Next, in order.
    func queue() throws -> [EpisodeRecord] {
        try callForList("Queue").compactMap(EpisodeRecord.init)
    }

    /// Puts `episodes` into Up Next at `position` (1-based; 0: at the end), in this order.
    func queueAdd(_ episodes: [Int64], at position: UInt32) throws {
        try call("QueueAdd", [Self.ids(episodes), .uint32(position)], about: episodes.count == 1 ? .episode(episodes[0]) : nil)
    }

    func queueRemove(_ episodes: [Int64]) throws {
        try call("QueueRemove", [Self.ids(episodes)], about: episodes.count == 1 ? .episode(episodes[0]) : nil)
    }

    /// Moves a queued episode to `position` (1-based).
    func queueMove(_ episode: Int64, to position: UInt32) throws {
        try call("QueueMove", [.int64(episode), .uint32(position)], about: .episode(episode))
    }

    func queueClear() throws {
        try call("QueueClear")
    }

    /// What plays, where, and the next three of Up Next.
    func status() throws -> StatusRecord {
        let reply = try call("Status")
        guard reply.count == 1, let status = Vardict(reply[0]) else {
            throw CommandFailure(DaemonFailure.unexpectedReply("Status"))
        }
        return StatusRecord(status)
    }

    private static func ids(_ ids: [Int64]) -> DBusValue { .array(elementSignature: "x", ids.map(DBusValue.int64)) }
}
