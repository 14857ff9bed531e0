import CDBus

/// An object path registered on a `BusConnection`; method calls to it go to its handler until
/// `unregister()` (or deinit).
public final class ObjectRegistration {
    /// The registered object path.
    public let path: String
    private weak var connection: BusConnection?
    private var registered = true

    init(connection: BusConnection, path: String, handler: @escaping (BusMessage) -> Bool) throws(BusError) {
        self.connection = connection
        self.path = path
        var vtable = DBusObjectPathVTable()  // libdbus copies the function pointers
        vtable.message_function = { _, message, data in
            guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let handler = Unmanaged<MessageHandlerBox>.fromOpaque(data).takeUnretainedValue()
            return handler.handle(BusMessage(retaining: message))
                ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        vtable.unregister_function = { _, data in
            if let data { Unmanaged<MessageHandlerBox>.fromOpaque(data).release() }
        }
        let box = Unmanaged.passRetained(MessageHandlerBox(handler)).toOpaque()
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard dbus_connection_try_register_object_path(connection.raw, path, &vtable, box, &error) != 0 else {
            Unmanaged<MessageHandlerBox>.fromOpaque(box).release()
            throw BusError(consuming: &error) ?? .noMemory()
        }
    }

    deinit { unregister() }

    /// Stops routing calls to the handler (libdbus then answers calls to the path itself).
    public func unregister() {
        guard registered else { return }
        registered = false
        if let connection { dbus_connection_unregister_object_path(connection.raw, path) }
    }
}

/// The handler of one registered path, owned by libdbus through the registration's user data.
private final class MessageHandlerBox {
    let handle: (BusMessage) -> Bool
    init(_ handle: @escaping (BusMessage) -> Bool) { self.handle = handle }
}
