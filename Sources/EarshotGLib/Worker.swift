import CGLib

/// Runs work that may take more than a few milliseconds (parsing a big feed, a bulk database write) on a
/// thread of its own, and delivers the `Sendable` result back on the caller's main context, so the loop
/// keeps answering D-Bus while the work runs.
public enum Worker {
    /// Starts `work` on a new thread; `completion` runs later on `context` (never synchronously).
    public static func run<Result: Sendable>(
        _ name: String,
        on context: MainContext,
        work: @escaping @Sendable () -> Result,
        completion: @escaping (Result) -> Void
    ) {
        // The completion is only ever touched on `context`'s thread; the box carries it across.
        let delivery = OwnerThreadBox(completion)
        let job = Unmanaged.passRetained(ThreadJob {
            let value = work()
            context.invoke { delivery.value(value) }
        }).toOpaque()
        let thread = g_thread_new(name, { data in
            let job = Unmanaged<ThreadJob>.fromOpaque(data!).takeRetainedValue()
            job.body()
            return nil
        }, job)
        g_thread_unref(thread)  // detached: the thread ends when the job returns
    }
}

/// Carries a non-Sendable value to another thread and back, for values that are only used on the
/// thread that created them.
struct OwnerThreadBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

private final class ThreadJob: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
