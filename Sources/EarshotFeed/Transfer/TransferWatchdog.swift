import CGLib
import EarshotGLib

/// Enforces `TransferLimits` on one transfer, on its main context: a one-shot timer at the deadline
/// (moved when the body's length becomes known), and once the body started, a check at the end of each
/// rate window that enough bytes arrived in it. `expired` is called at most once; `stop()` ends both
/// timers and releases it. The owner stops the watchdog when the transfer ends, whichever way.
public final class TransferWatchdog {
    private let limits: TransferLimits
    private let context: MainContext
    private let started = g_get_monotonic_time()
    private var expired: ((TransferFault) -> Void)?
    private var deadlineTimer: SourceHandle?
    private var rateTimer: SourceHandle?
    private var bytesInWindow: Int64 = 0

    public init(limits: TransferLimits, context: MainContext, expired: @escaping (TransferFault) -> Void) {
        self.limits = limits
        self.context = context
        self.expired = expired
        scheduleDeadline(seconds: limits.baseDeadlineSeconds)
    }

    deinit { stop() }

    /// The response arrived: the deadline now counts `length` (when known) and the rate is measured.
    public func bodyStarted(length: Int64?) {
        scheduleDeadline(seconds: limits.deadlineSeconds(forLength: length))
        rateTimer?.cancel()
        bytesInWindow = 0
        let window = limits.rateWindowSeconds
        rateTimer = context.addTimeout(milliseconds: Self.milliseconds(window)) { [weak self] in
            guard let self else { return false }
            let needed = Int64(Double(limits.minimumBytesPerSecond) * window)
            if bytesInWindow < needed {
                fire(.tooSlow(minimumBytesPerSecond: limits.minimumBytesPerSecond, windowSeconds: window))
                return false
            }
            bytesInWindow = 0
            return true
        }
    }

    /// Counts bytes of the body as they arrive.
    public func received(_ count: Int) { bytesInWindow += Int64(count) }

    /// Ends the watch; `expired` will not be called.
    public func stop() {
        expired = nil
        deadlineTimer?.cancel()
        rateTimer?.cancel()
    }

    private func scheduleDeadline(seconds: Double) {
        deadlineTimer?.cancel()
        let elapsed = Double(g_get_monotonic_time() - started) / 1_000_000
        deadlineTimer = context.addTimeout(milliseconds: Self.milliseconds(max(0, seconds - elapsed))) { [weak self] in
            self?.fire(.deadlineExceeded(seconds: seconds))
            return false
        }
    }

    private func fire(_ fault: TransferFault) {
        let expired = self.expired
        stop()
        expired?(fault)
    }

    private static func milliseconds(_ seconds: Double) -> UInt32 {
        UInt32(min(Double(UInt32.max), max(1, (seconds * 1000).rounded())))
    }
}
