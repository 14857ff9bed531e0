import Dispatch
import EarshotGLib

/// One-shot timers on the loop, and the monotonic clock they count in. `LoopTimers` (GLib) is the real
/// one; unit tests use a clock they move by hand. Used for deadlines (the sleep timer) and for places in
/// an episode (a chapter's end, the outro), never for polling.
public protocol Timers: AnyObject {
    /// Monotonic time since an arbitrary origin.
    var now: Duration { get }
    /// Calls `fire` once on the loop after `delay` (at least); cancelling the handle prevents it.
    func after(_ delay: Duration, _ fire: @escaping () -> Void) -> TimerHandle
}

/// A scheduled one-shot timer.
public protocol TimerHandle: AnyObject {
    /// Prevents the timer from firing (nothing happens when it already fired).
    func cancel()
}

/// `Timers` on a GLib main context: one `g_timeout` source per timer, millisecond precision.
public final class LoopTimers: Timers {
    private let context: MainContext

    /// Timers on `context` (by default the calling thread's).
    public init(context: MainContext = .threadDefault()) { self.context = context }

    public var now: Duration { .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds)) }

    public func after(_ delay: Duration, _ fire: @escaping () -> Void) -> TimerHandle {
        let (seconds, attoseconds) = max(delay, .zero).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return context.addTimeout(milliseconds: UInt32(clamping: milliseconds)) {
            fire()
            return false
        }
    }
}

extension SourceHandle: TimerHandle {}
