import Foundation

/// What an episode keeps of the `podcast:liveItem` it came from: a live show playing now is an episode
/// of its podcast (its stream as the sound) that cannot be sought and keeps no place; once the feed says
/// it ended, it is an ordinary episode.
public struct LiveMark: Sendable, Equatable, Codable {
    /// `status` as the feed last gave it: `live` or `ended`.
    public var status: String
    /// `start`, when given.
    public var start: ReleaseDate?
    /// `end`, when given.
    public var end: ReleaseDate?

    /// A mark with the given fields.
    public init(status: String, start: ReleaseDate? = nil, end: ReleaseDate? = nil) {
        self.status = status
        self.start = start
        self.end = end
    }

    /// Whether the show is on the air now: its sound is an endless stream.
    public var isLive: Bool { status == LiveItem.live }
}

extension LiveItem {
    /// The `status` of a show not started yet.
    public static let pending = "pending"
    /// The `status` of a show on the air.
    public static let live = "live"
    /// The `status` of a show that is over.
    public static let ended = "ended"
}
