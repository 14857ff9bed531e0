import EarshotStore

/// A downloaded file tidying deletes (or, in a dry run, would delete), and why.
public struct TidiedFile: Sendable, Equatable {
    public var episode: EpisodeID
    public var podcastTitle: String?
    public var title: String?
    public var path: String
    public var bytes: Int64
    public var reason: TidyReason
}
