/// What a media button (MPRIS Next or Previous) does.
public enum ButtonAction: String, Sendable, CaseIterable {
    /// The next or previous episode.
    case episode
    /// The next or previous chapter; without one, the episode.
    case chapter
    /// 30 seconds forward or back.
    case skip30s = "skip-30s"
}

/// What MPRIS Next and Previous do (configuration `next-button`, `previous-button`).
public struct MediaButtons: Sendable, Equatable {
    public var next: ButtonAction
    public var previous: ButtonAction

    public init(next: ButtonAction = .episode, previous: ButtonAction = .episode) {
        self.next = next
        self.previous = previous
    }
}
