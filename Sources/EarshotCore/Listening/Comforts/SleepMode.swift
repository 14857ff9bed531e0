/// When the sleep timer pauses playback.
public enum SleepMode: Sendable, Equatable {
    /// After this much time from when it was set, by the wall clock (time spent paused counts too, like
    /// a bedside radio's).
    case after(Duration)
    /// At the end of the current episode (the outro's start when the podcast skips outros).
    case endOfEpisode
    /// At the end of the current chapter (of the episode, in its last chapter).
    case endOfChapter
    /// At the end of this many episodes, the current one counting as the first.
    case episodes(Int)
}

/// The armed sleep timer as the listener sees it.
public struct SleepTimerReading: Sendable, Equatable {
    public var mode: SleepMode
    /// Time left until it pauses, when known: by the clock for `after`, else at the current rate.
    public var remaining: Duration?
    /// Episodes left to finish, the current one included (`episodes` only).
    public var episodesLeft: Int?
}
