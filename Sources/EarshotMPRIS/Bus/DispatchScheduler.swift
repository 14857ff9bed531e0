import CDBus
import CGLib
import EarshotGLib

/// Dispatches a connection's incoming messages on its `MainContext`.
///
/// libdbus reports through the dispatch-status function that messages are waiting; that function runs
/// inside libdbus and must not dispatch itself, so it schedules an idle source on the context, which
/// then dispatches until `DBUS_DISPATCH_COMPLETE`. The idle has `G_PRIORITY_DEFAULT` (not the usual idle
/// priority) so that a steady stream of readable data cannot starve dispatching.
final class DispatchScheduler {
    private let connection: OpaquePointer
    private let context: MainContext
    private var pending: UnsafeMutablePointer<GSource>?

    /// A scheduler for `connection` (not retained; libdbus owns the scheduler through the
    /// dispatch-status function's data, and each scheduled idle holds a connection reference).
    private init(connection: OpaquePointer, context: MainContext) {
        self.connection = connection
        self.context = context
    }

    /// Installs the dispatch-status function on `connection` and dispatches anything already queued.
    static func install(on connection: OpaquePointer, context: MainContext) -> DispatchScheduler {
        let scheduler = DispatchScheduler(connection: connection, context: context)
        dbus_connection_set_dispatch_status_function(connection, { _, status, data in
            guard let data, status == DBUS_DISPATCH_DATA_REMAINS else { return }
            Unmanaged<DispatchScheduler>.fromOpaque(data).takeUnretainedValue().schedule()
        }, Unmanaged.passRetained(scheduler).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<DispatchScheduler>.fromOpaque(data).release()
        })
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS { scheduler.schedule() }
        return scheduler
    }

    /// Removes the dispatch-status function and any scheduled dispatch.
    func uninstall() {
        cancel()
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
    }

    /// Schedules one dispatch run at the next iteration of the context (once, however often called).
    func schedule() {
        guard pending == nil, let source = g_idle_source_new() else { return }
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        dbus_connection_ref(connection)
        let job = Unmanaged.passRetained(DispatchJob(scheduler: self, connection: connection)).toOpaque()
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            Unmanaged<DispatchJob>.fromOpaque(data).takeUnretainedValue().run()
            return 0  // G_SOURCE_REMOVE
        }, job, { data in
            guard let data else { return }
            Unmanaged<DispatchJob>.fromOpaque(data).release()
        })
        g_source_attach(source, context.raw)
        pending = source
    }

    private func cancel() {
        guard let pending else { return }
        g_source_destroy(pending)
        g_source_unref(pending)
        self.pending = nil
    }

    /// Called from the idle: forgets the source, then dispatches until the queue is empty.
    fileprivate func dispatchAll() {
        if let pending {
            g_source_unref(pending)  // GLib keeps it alive until this callback returns
            self.pending = nil
        }
        while true {
            switch dbus_connection_dispatch(connection) {
            case DBUS_DISPATCH_DATA_REMAINS:
                continue
            case DBUS_DISPATCH_NEED_MEMORY:
                // Try again shortly rather than spinning.
                context.addTimeout(milliseconds: 10) { [weak self] in self?.schedule(); return false }
                return
            default:
                return
            }
        }
    }
}

/// One scheduled dispatch: keeps the scheduler and a connection reference alive until the idle runs
/// or is cancelled.
private final class DispatchJob {
    let scheduler: DispatchScheduler
    let connection: OpaquePointer

    init(scheduler: DispatchScheduler, connection: OpaquePointer) {
        self.scheduler = scheduler
        self.connection = connection
    }

    deinit { dbus_connection_unref(connection) }

    func run() { scheduler.dispatchAll() }
}
