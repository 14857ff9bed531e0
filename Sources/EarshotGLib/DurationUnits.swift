/// Duration in the units Earshot's parts speak: seconds as a Double (the store, D-Bus records, feeds),
/// whole microseconds (MPRIS), milliseconds rounded up (GLib timeouts). The one place these are converted.
extension Duration {
    /// The duration in seconds.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole microseconds, rounded toward zero.
    public var inMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// Whole milliseconds, rounded up (a timer never fires early).
    public var inMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    /// `seconds` to the nearest millisecond (feeds and the store give seconds as decimals). It never
    /// traps: a number beyond what Int64 milliseconds hold is clamped to the nearest end, and one that is
    /// not a number reads as zero (callers check times from outside against their own bounds first).
    public static func seconds(roundedToMilliseconds seconds: Double) -> Duration {
        let milliseconds = (seconds * 1000).rounded()
        guard !milliseconds.isNaN else { return .zero }
        return .milliseconds(Int64(min(max(milliseconds, -9.2e18), 9.2e18)))
    }
}
