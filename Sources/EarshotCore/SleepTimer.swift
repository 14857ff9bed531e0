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

/// The sleep timer's state inside the player: what it waits for, its one-shot timers, and the volume to
/// give back once its fade is over or interrupted.
struct SleepTimer {
    var mode: SleepMode
    /// For `after`: when it pauses, on `Timers.now`'s clock.
    var deadline: Duration?
    /// For `episodes`: the episodes still to finish, the current one included.
    var episodesLeft = 1
    /// For `after`: the timer at the deadline and the one where the fade starts.
    var deadlineTimer: TimerHandle?
    var fadeTimer: TimerHandle?
    /// The volume before the fade, while a fade runs.
    var volumeBeforeFade: Double?

    /// Whether the end of the current episode is where it pauses.
    var endsWithThisEpisode: Bool {
        switch mode {
        case .endOfEpisode, .endOfChapter: true
        case .episodes: episodesLeft <= 1
        case .after: false
        }
    }

    /// Stops its timers.
    func cancelTimers() {
        deadlineTimer?.cancel()
        fadeTimer?.cancel()
    }
}
