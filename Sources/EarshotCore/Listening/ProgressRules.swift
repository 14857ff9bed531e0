/// When an episode counts as finished, and where a selected episode starts (seed 004's progress rules).
public enum ProgressRules {
    /// Leaving an episode (stop, Next, Previous, another episode) at `position` finishes it when that is
    /// within its last 30 seconds or its last 1 %, whichever is shorter. Reaching the end always does.
    public static func isFinished(leavingAt position: Double, duration: Double?) -> Bool {
        guard let duration, duration > 0, position.isFinite else { return false }
        return position >= duration - min(30, duration / 100)
    }

    /// Where an episode starts when selected: where the listener left it, unless it was finished (a
    /// finished episode plays again from the start) or never started.
    public static func startPosition(lastListenTime: Double?, hasCompleted: Bool) -> Double {
        guard let lastListenTime, !hasCompleted, lastListenTime.isFinite, lastListenTime > 0 else { return 0 }
        return lastListenTime
    }
}
