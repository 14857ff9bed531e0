import CDBus
import CGLib
import EarshotGLib

/// Turns libdbus's `DBusWatch`es (a socket to poll for reading or writing) into GLib unix-fd sources
/// attached to one `MainContext` (never the global default).
///
/// Each watch carries a `WatchState` as its libdbus data; an enabled watch has one fd source. libdbus
/// adds, removes and toggles watches as its queues fill and drain (the write watch is only enabled
/// while there is something to send).
enum WatchSources {
    /// Installs the watch functions on `connection`. `context` is retained until libdbus drops them.
    static func install(on connection: OpaquePointer, context: MainContext) -> Bool {
        let data = Unmanaged.passRetained(context).toOpaque()
        return dbus_connection_set_watch_functions(connection, { watch, data in
            guard let watch, let data else { return 0 }
            let context = Unmanaged<MainContext>.fromOpaque(data).takeUnretainedValue()
            let state = WatchState(watch: watch, context: context)
            dbus_watch_set_data(watch, Unmanaged.passRetained(state).toOpaque()) { pointer in
                guard let pointer else { return }
                let state = Unmanaged<WatchState>.fromOpaque(pointer).takeRetainedValue()
                state.detach()
            }
            state.update()
            return 1
        }, { watch, _ in
            guard let watch else { return }
            WatchState.of(watch)?.detach()
            dbus_watch_set_data(watch, nil, nil)  // frees our state
        }, { watch, _ in
            guard let watch else { return }
            WatchState.of(watch)?.update()
        }, data, { data in
            guard let data else { return }
            Unmanaged<MainContext>.fromOpaque(data).release()
        }) != 0
    }

    /// Removes the watch functions (libdbus calls remove for every current watch).
    static func uninstall(from connection: OpaquePointer) {
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
    }
}

/// The GLib side of one `DBusWatch`: its fd source while the watch is enabled.
private final class WatchState {
    let watch: OpaquePointer
    let context: MainContext
    private var source: UnsafeMutablePointer<GSource>?

    init(watch: OpaquePointer, context: MainContext) {
        self.watch = watch
        self.context = context
    }

    deinit { detach() }

    static func of(_ watch: OpaquePointer) -> WatchState? {
        dbus_watch_get_data(watch).map { Unmanaged<WatchState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Re-creates the source to match the watch's current enabled state and flags.
    func update() {
        detach()
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let flags = dbus_watch_get_flags(watch)
        var condition = G_IO_HUP.rawValue | G_IO_ERR.rawValue
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { condition |= G_IO_IN.rawValue }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { condition |= G_IO_OUT.rawValue }
        guard let source = g_unix_fd_source_new(dbus_watch_get_unix_fd(watch), GIOCondition(rawValue: condition))
        else { return }
        let callback: GUnixFDSourceFunc = { _, condition, data in
            guard let data else { return 0 }
            let watch = Unmanaged<WatchHandle>.fromOpaque(data).takeUnretainedValue().watch
            guard dbus_watch_get_enabled(watch) != 0 else { return 1 }
            var flags: UInt32 = 0
            if condition.rawValue & G_IO_IN.rawValue != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
            if condition.rawValue & G_IO_OUT.rawValue != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if condition.rawValue & G_IO_HUP.rawValue != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            if condition.rawValue & G_IO_ERR.rawValue != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            // May remove or toggle this very watch (and so destroy this source); GLib keeps the source
            // and its callback data alive until we return.
            dbus_watch_handle(watch, flags)
            return 1  // G_SOURCE_CONTINUE
        }
        g_source_set_callback(
            source, unsafeBitCast(callback, to: GSourceFunc.self),
            Unmanaged.passRetained(WatchHandle(watch)).toOpaque(),
            { data in if let data { Unmanaged<WatchHandle>.fromOpaque(data).release() } })
        g_source_attach(source, context.raw)
        self.source = source
    }

    /// Destroys the current source, if any.
    func detach() {
        guard let source else { return }
        g_source_destroy(source)
        g_source_unref(source)
        self.source = nil
    }
}

/// The callback data of one fd source: the watch it serves (owned by libdbus, which removes the
/// source before freeing the watch).
private final class WatchHandle {
    let watch: OpaquePointer
    init(_ watch: OpaquePointer) { self.watch = watch }
}
