import EarshotFeed
import Foundation

/// A position or length as listeners read it, the same in notifications, the desktop's search and the
/// command line.
public enum ClockText {
    /// `12:03` or `1:02:03`; nil when unknown (nil, negative, not a number, or beyond any episode).
    public static func clock(_ seconds: Double?) -> String? {
        guard let seconds = seconds.flatMap(EpisodeTime.checked) else { return nil }
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
