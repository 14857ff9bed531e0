/// How long one transfer may take and how slow it may get, on top of libsoup's per-read timeout: an
/// overall deadline (a fixed part, plus time in proportion to the announced size when
/// `deadlineBytesPerSecond` is set) and a minimum rate averaged over `rateWindowSeconds`, measured
/// once the body started. A server that drips a byte a second is stopped by the rate floor; one that
/// keeps just above it, by the deadline.
public struct TransferLimits: Sendable, Equatable {
    /// Seconds any transfer may take, waiting for the answer included.
    public var baseDeadlineSeconds: Double
    /// When set, the deadline grows by the announced length divided by this rate (downloads).
    public var deadlineBytesPerSecond: Int64?
    /// The slowest average rate accepted over one window of the body, in bytes per second.
    public var minimumBytesPerSecond: Int64
    /// The window the rate is averaged over, in seconds.
    public var rateWindowSeconds: Double

    /// Limits as given; see each property.
    public init(baseDeadlineSeconds: Double, deadlineBytesPerSecond: Int64? = nil, minimumBytesPerSecond: Int64,
                rateWindowSeconds: Double) {
        self.baseDeadlineSeconds = baseDeadlineSeconds
        self.deadlineBytesPerSecond = deadlineBytesPerSecond
        self.minimumBytesPerSecond = minimumBytesPerSecond
        self.rateWindowSeconds = rateWindowSeconds
    }

    /// Feeds: 5 minutes in all, at least 1 KiB/s over 30 s.
    public static let feed = TransferLimits(baseDeadlineSeconds: 300, minimumBytesPerSecond: 1024, rateWindowSeconds: 30)
    /// Cover art: 2 minutes in all, at least 1 KiB/s over 30 s.
    public static let art = TransferLimits(baseDeadlineSeconds: 120, minimumBytesPerSecond: 1024, rateWindowSeconds: 30)
    /// Episode downloads: 2 minutes plus the size at 16 KiB/s (an hour's 60 MB episode: about 65 minutes),
    /// at least 4 KiB/s over 60 s.
    public static let download = TransferLimits(baseDeadlineSeconds: 120, deadlineBytesPerSecond: 16 << 10,
                                                minimumBytesPerSecond: 4 << 10, rateWindowSeconds: 60)

    /// The overall deadline in seconds for a body of `length` bytes (nil: unknown).
    public func deadlineSeconds(forLength length: Int64?) -> Double {
        guard let length, let rate = deadlineBytesPerSecond, rate > 0 else { return baseDeadlineSeconds }
        return baseDeadlineSeconds + Double(length) / Double(rate)
    }
}
