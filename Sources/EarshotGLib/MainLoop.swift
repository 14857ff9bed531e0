import CGLib

/// A `GMainLoop` over a `MainContext`: the daemon's `run()` until `quit()`.
/// `quit()` may be called from any thread (GLib makes it thread-safe); `run()` from the context's owner.
public final class MainLoop: @unchecked Sendable {
    /// The context this loop iterates.
    public let context: MainContext
    private let raw: OpaquePointer

    /// A loop over `context`, not yet running.
    public init(context: MainContext) {
        self.context = context
        raw = g_main_loop_new(context.raw, 0)
    }

    deinit { g_main_loop_unref(raw) }

    /// Iterates the context until `quit()` is called.
    public func run() { g_main_loop_run(raw) }

    /// Makes `run()` return after the current iteration.
    public func quit() { g_main_loop_quit(raw) }
}
