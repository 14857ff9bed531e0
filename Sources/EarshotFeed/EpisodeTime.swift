/// The one rule for a time within an episode that comes from outside (a chapter's start, a length, a
/// transcript's cue, a moment a client names, a position read back): a finite number of seconds from 0
/// to `latest`. Anything else is refused where it enters, so no arithmetic on one (milliseconds or
/// microseconds in an Int64, a `Duration`, a clock's hours) can overflow.
public enum EpisodeTime {
    /// 100 days: longer than any recording, and far from where a time in Int64 nanoseconds overflows.
    public static let latest: Double = 100 * 86_400

    /// `seconds` when it is a time within an episode, else nil.
    public static func checked(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds >= 0 && seconds <= latest ? seconds : nil
    }
}
