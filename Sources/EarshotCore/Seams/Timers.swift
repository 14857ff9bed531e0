import Dispatch
import EarshotGLib
import Foundation

/// The session's one clock seam: one-shot timers on the loop, the monotonic clock they count in, and the
/// wall-clock date that records carry. `LoopTimers` (GLib) is the real one; unit tests use a clock they
/// move by hand, so every time-based promise (the 5-second save, refreshes, download retries, tidying,
/// sleep, chapters, the outro) is tested in milliseconds. Timers are armed at the next deadline, never
/// for polling.
public protocol Timers: AnyObject {
    /// Monotonic time since an arbitrary origin.
    var now: Duration { get }
    /// The wall-clock date (what stored records carry: when an episode was played, a download's next try).
    var date: Date { get }
    /// Calls `fire` once on the loop after `delay` (at least); cancelling the handle prevents it.
    func after(_ delay: Duration, _ fire: @escaping () -> Void) -> TimerHandle
}

/// A scheduled one-shot timer.
public protocol TimerHandle: AnyObject {
    /// Prevents the timer from firing (nothing happens when it already fired).
    func cancel()
}
