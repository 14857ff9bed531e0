import CGLib

/// A GLib main context: the one loop every Earshot component (D-Bus, libsoup, GStreamer's bus) runs on.
///
/// Owns one reference to the underlying `GMainContext`. Closures handed to `invoke` or to a source run on
/// the thread that iterates this context; that thread is the only one that touches Earshot's state.
public final class MainContext: @unchecked Sendable {
    /// The underlying `GMainContext *` (borrowed; valid while this object lives).
    public let raw: OpaquePointer

    /// Takes ownership of one reference to `raw`.
    public init(adopting raw: OpaquePointer) { self.raw = raw }

    /// A new, empty context, not yet the default of any thread.
    public convenience init() { self.init(adopting: g_main_context_new()) }

    deinit { g_main_context_unref(raw) }

    /// The calling thread's default context (GLib's global default when none was pushed).
    public static func threadDefault() -> MainContext {
        MainContext(adopting: g_main_context_ref_thread_default())
    }

    /// Makes this the calling thread's default context while `body` runs, so that libsoup, GIO and
    /// GStreamer objects created inside attach their sources here.
    public func withThreadDefault<T>(_ body: () throws -> T) rethrows -> T {
        g_main_context_push_thread_default(raw)
        defer { g_main_context_pop_thread_default(raw) }
        return try body()
    }

    /// Runs `body` on this context's thread at its next iteration; callable from any thread.
    public func invoke(_ body: @escaping @Sendable () -> Void) {
        if g_main_context_is_owner(raw) != 0 { return body() }
        // Always through a source, never g_main_context_invoke: from a worker thread whose thread-default
        // context is the global default, GLib runs the function on the worker itself whenever no thread
        // owns the context at that moment (the daemon before its loop runs), racing the loop's thread.
        let source = g_idle_source_new()
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        let box = Unmanaged.passRetained(ClosureBox(body)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<ClosureBox>.fromOpaque(data!).takeUnretainedValue().body()
            return 0  // G_SOURCE_REMOVE
        }, box, { data in
            Unmanaged<ClosureBox>.fromOpaque(data!).release()
        })
        g_source_attach(source, raw)
        g_source_unref(source)
    }

    /// Runs `body` on this context every `milliseconds` until it returns false or the handle is cancelled.
    @discardableResult
    public func addTimeout(milliseconds: UInt32, _ body: @escaping () -> Bool) -> SourceHandle {
        attach(g_timeout_source_new(milliseconds), body)
    }

    /// Runs `body` once, at the next iteration of this context in which nothing more urgent is pending.
    @discardableResult
    public func addIdle(_ body: @escaping () -> Void) -> SourceHandle {
        attach(g_idle_source_new()) { body(); return false }
    }

    /// Iterates this context once; `mayBlock` waits for an event when none is ready.
    @discardableResult
    public func iterate(mayBlock: Bool) -> Bool {
        g_main_context_iteration(raw, mayBlock ? 1 : 0) != 0
    }

    /// Iterates until `done()` is true or `seconds` pass; returns whether `done()` became true.
    /// Used by the command-line tools and tests to wait for one asynchronous result.
    public func iterate(until done: () -> Bool, timeoutSeconds seconds: Double) -> Bool {
        var timedOut = false
        let watchdog = addTimeout(milliseconds: UInt32(max(1, seconds * 1000))) { timedOut = true; return false }
        defer { watchdog.cancel() }
        while !done() && !timedOut {
            g_main_context_iteration(raw, 1)
        }
        return done()
    }

    private func attach(_ source: UnsafeMutablePointer<GSource>?, _ body: @escaping () -> Bool) -> SourceHandle {
        let box = Unmanaged.passRetained(RepeatingBox(body)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<RepeatingBox>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
        }, box, { data in
            Unmanaged<RepeatingBox>.fromOpaque(data!).release()
        })
        g_source_attach(source, raw)
        return SourceHandle(source: source!)
    }
}

/// A source attached to a `MainContext`; `cancel()` detaches it (safe to call more than once, or after
/// the source finished by itself).
public final class SourceHandle {
    private let source: UnsafeMutablePointer<GSource>

    init(source: UnsafeMutablePointer<GSource>) { self.source = source }

    deinit { g_source_unref(source) }

    /// Stops the source; its closure is released and will not run again.
    public func cancel() { g_source_destroy(source) }

    /// Whether the source has finished or been cancelled.
    public var isCancelled: Bool { g_source_is_destroyed(source) != 0 }
}

private final class ClosureBox: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

private final class RepeatingBox {
    let body: () -> Bool
    init(_ body: @escaping () -> Bool) { self.body = body }
}
