import CGLib
import Glibc

/// The nice value of worker threads (Linux schedules threads individually).
private let backgroundNiceness: Int32 = 10

/// Runs work that may take more than a few milliseconds (parsing a big feed, a bulk database write) on a
/// thread of its own, and delivers the `Sendable` result back on the caller's main context, so the loop
/// keeps answering D-Bus while the work runs.
public enum Worker {
    /// Starts `work` on a new thread; `completion` runs later on `context` (never synchronously).
    ///
    /// The completion, and everything it captures, is called and released on `context`'s thread only:
    /// the worker thread never holds the last reference to it, so objects tied to the loop (libsoup
    /// messages, GStreamer elements) are never freed from the worker.
    public static func run<Result: Sendable>(
        _ name: String,
        on context: MainContext,
        work: @escaping @Sendable () -> Result,
        completion: @escaping (Result) -> Void
    ) {
        let delivery = CompletionBox(completion)
        let job = Unmanaged.passRetained(ThreadJob {
            let value = work()
            context.invoke { delivery.deliver(value) }
        }).toOpaque()
        let thread = g_thread_new(name, { data in
            Worker.yieldToLoop()
            let job = Unmanaged<ThreadJob>.fromOpaque(data!).takeRetainedValue()
            job.body()
            return nil
        }, job)
        g_thread_unref(thread)  // detached: the thread ends when the job returns
    }
}

extension Worker {
    /// Gives the calling thread the workers' low priority (nice 10): background work yields the CPU to
    /// the loop, so D-Bus answers stay quick while it runs. For every thread that is not the loop's.
    public static func yieldToLoop() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNiceness)  // 0: this thread, on Linux
    }
}

/// Holds a completion until it is delivered on the owner's thread, where it is also released: a
/// worker thread never holds the last reference to what the completion captured.
public final class CompletionBox<Value>: @unchecked Sendable {
    private var completion: ((Value) -> Void)?

    /// Holds `completion` until `deliver`.
    public init(_ completion: @escaping (Value) -> Void) { self.completion = completion }

    /// Called on the owner's thread: takes the completion out (so it dies here) and calls it.
    public func deliver(_ value: Value) {
        let completion = self.completion
        self.completion = nil
        completion?(value)
    }
}

private final class ThreadJob: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
