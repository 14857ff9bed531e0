import CDBus

/// What `RequestName` answered.
public enum NameRequestResult: Sendable, Equatable {
    /// The connection now owns the name (or already did).
    case owned
    /// Another connection owns the name (the request does not queue).
    case taken
}

extension BusConnection {
    /// Asks the bus for `name` without queueing and without allowing replacement. Blocks briefly on
    /// the bus daemon's answer (start-up only).
    public func requestName(_ name: String) throws(BusError) -> NameRequestResult {
        guard DBusNames.isValidBusName(name), !name.hasPrefix(":") else {
            throw .invalidArgs("'\(name)' is not a valid well-known bus name")
        }
        let request = try BusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RequestName", arguments: [.string(name), .uint32(UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))])
        let reply = try callBlocking(request, timeoutMilliseconds: 10_000)
        guard let code = try reply.arguments(expecting: "u").first?.uint32Value else {
            throw .failed("RequestName returned no code")
        }
        switch Int32(bitPattern: code) {
        case DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER, DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER:
            noteOwnedName(name)
            return .owned
        case DBUS_REQUEST_NAME_REPLY_EXISTS, DBUS_REQUEST_NAME_REPLY_IN_QUEUE:
            return .taken
        default:
            throw .failed("RequestName(\(name)) answered \(code)")
        }
    }

    /// Owns `preferred`, or `fallback` when another connection has `preferred`; returns the name owned.
    /// Throws when both are taken or the bus refuses.
    public func requestName(preferred: String, fallback: String) throws(BusError) -> String {
        if try requestName(preferred) == .owned { return preferred }
        if try requestName(fallback) == .owned { return fallback }
        throw BusError(
            name: "org.freedesktop.DBus.Error.AddressInUse",
            message: "both \(preferred) and \(fallback) are owned by other connections")
    }
}
