import CDBus
import EarshotGLib

/// Turns libdbus's `DBusTimeout`s (reply timeouts of pending calls, authentication deadlines) into
/// `MainContext` timeout sources.
enum TimeoutSources {
    /// Installs the timeout functions on `connection`. `context` is retained until libdbus drops them.
    static func install(on connection: OpaquePointer, context: MainContext) -> Bool {
        let data = Unmanaged.passRetained(context).toOpaque()
        return dbus_connection_set_timeout_functions(connection, { timeout, data in
            guard let timeout, let data else { return 0 }
            let context = Unmanaged<MainContext>.fromOpaque(data).takeUnretainedValue()
            let state = TimeoutState(timeout: timeout, context: context)
            dbus_timeout_set_data(timeout, Unmanaged.passRetained(state).toOpaque()) { pointer in
                guard let pointer else { return }
                Unmanaged<TimeoutState>.fromOpaque(pointer).takeRetainedValue().stop()
            }
            state.update()
            return 1
        }, { timeout, _ in
            guard let timeout else { return }
            TimeoutState.of(timeout)?.stop()
            dbus_timeout_set_data(timeout, nil, nil)  // frees our state
        }, { timeout, _ in
            guard let timeout else { return }
            TimeoutState.of(timeout)?.update()
        }, data, { data in
            guard let data else { return }
            Unmanaged<MainContext>.fromOpaque(data).release()
        }) != 0
    }

    /// Removes the timeout functions (libdbus calls remove for every current timeout).
    static func uninstall(from connection: OpaquePointer) {
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
    }
}

/// The GLib side of one `DBusTimeout`: a repeating timeout source while it is enabled.
private final class TimeoutState {
    let timeout: OpaquePointer
    let context: MainContext
    private var handle: SourceHandle?

    init(timeout: OpaquePointer, context: MainContext) {
        self.timeout = timeout
        self.context = context
    }

    deinit { stop() }

    static func of(_ timeout: OpaquePointer) -> TimeoutState? {
        dbus_timeout_get_data(timeout).map { Unmanaged<TimeoutState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Restarts the source to match the timeout's current enabled state and interval.
    func update() {
        stop()
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let timeout = self.timeout
        let interval = UInt32(clamping: max(0, dbus_timeout_get_interval(timeout)))
        handle = context.addTimeout(milliseconds: interval) {
            // libdbus removes or re-arms the timeout itself (a pending call's timeout fires once).
            dbus_timeout_handle(timeout)
            return true
        }
    }

    func stop() {
        handle?.cancel()
        handle = nil
    }
}
