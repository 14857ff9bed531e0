import Dispatch
import EarshotCore
import EarshotGLib
import Foundation

/// `Timers` on a GLib main context: one `g_timeout` source per timer, millisecond precision.
public final class LoopTimers: Timers {
    private let context: MainContext

    /// Timers on `context` (by default the calling thread's).
    public init(context: MainContext = .threadDefault()) { self.context = context }

    public var now: Duration { .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds)) }

    public var date: Date { Date() }

    public func after(_ delay: Duration, _ fire: @escaping () -> Void) -> TimerHandle {
        context.addTimeout(milliseconds: UInt32(clamping: max(delay, .zero).inMillisecondsRoundedUp)) {
            fire()
            return false
        }
    }
}

extension SourceHandle: TimerHandle {}
