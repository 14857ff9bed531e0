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

    /// `seconds` to the nearest millisecond (feeds and the store give seconds as decimals).
    public static func seconds(roundedToMilliseconds seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
