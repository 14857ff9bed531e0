import Foundation

/// A position or length as listeners read it, the same in notifications, the desktop's search and the
/// command line.
public enum ClockText {
    /// `12:03` or `1:02:03`; nil when unknown (nil, negative or not a number).
    public static func clock(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
