import CDBus

/// A D-Bus message (method call, reply, error or signal). Owns one reference to the libdbus
/// `DBusMessage` and releases it in `deinit`.
public final class BusMessage {
    /// What kind of message this is.
    public enum Kind: Sendable, Equatable {
        case methodCall, methodReturn, error, signal, other
    }

    /// The underlying `DBusMessage *` (borrowed; valid while this object lives).
    let raw: OpaquePointer

    /// Takes ownership of one reference to `raw`.
    init(adopting raw: OpaquePointer) { self.raw = raw }

    /// Adds a reference to `raw`, which stays owned by its caller.
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    // MARK: Construction

    /// A method call to `member` of `interface` on the object at `path` of `destination`.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String, arguments: [DBusValue] = []
    ) throws(BusError) -> BusMessage {
        if let destination, !DBusNames.isValidBusName(destination) {
            throw .invalidArgs("'\(destination)' is not a valid bus name")
        }
        guard DBusNames.isValidObjectPath(path) else { throw .invalidArgs("'\(path)' is not a valid object path") }
        if let interface, !DBusNames.isValidInterface(interface) {
            throw .invalidArgs("'\(interface)' is not a valid interface name")
        }
        guard DBusNames.isValidMember(member) else { throw .invalidArgs("'\(member)' is not a valid member name") }
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else { throw .noMemory() }
        let message = BusMessage(adopting: raw)
        try message.append(arguments)
        return message
    }

    /// A signal `member` of `interface` emitted by the object at `path`.
    public static func signal(
        path: String, interface: String, member: String, arguments: [DBusValue] = []
    ) throws(BusError) -> BusMessage {
        guard DBusNames.isValidObjectPath(path) else { throw .invalidArgs("'\(path)' is not a valid object path") }
        guard DBusNames.isValidInterface(interface) else { throw .invalidArgs("'\(interface)' is not a valid interface") }
        guard DBusNames.isValidMember(member) else { throw .invalidArgs("'\(member)' is not a valid member name") }
        guard let raw = dbus_message_new_signal(path, interface, member) else { throw .noMemory() }
        let message = BusMessage(adopting: raw)
        try message.append(arguments)
        return message
    }

    /// A successful reply to this method call carrying `values`.
    public func methodReturn(_ values: [DBusValue] = []) throws(BusError) -> BusMessage {
        guard let raw = dbus_message_new_method_return(self.raw) else { throw .noMemory() }
        let reply = BusMessage(adopting: raw)
        try reply.append(values)
        return reply
    }

    /// An error reply to this method call.
    public func errorReply(_ error: BusError) -> BusMessage? {
        dbus_message_new_error(raw, error.name, error.message).map(BusMessage.init(adopting:))
    }

    /// Appends `values` to the message's arguments.
    public func append(_ values: [DBusValue]) throws(BusError) {
        guard !values.isEmpty else { return }
        try MessageWriter.append(values, to: raw)
    }

    // MARK: Inspection

    /// The message kind.
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: .error
        case DBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .other
        }
    }

    /// The object path (calls and signals).
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    /// The interface (may be absent on method calls).
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    /// The method or signal name.
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    /// The sender's unique name (set by the bus).
    public var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    /// The destination, if any.
    public var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }
    /// The error name of an error reply.
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// The signature of the arguments ("" when there are none).
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// Whether the caller asked for no reply.
    public var expectsReply: Bool { dbus_message_get_no_reply(raw) == 0 }

    /// The arguments, decoded.
    public func arguments() throws(BusError) -> [DBusValue] { try MessageReader.arguments(of: raw) }

    /// The arguments, after checking that their signature is exactly `expected`; otherwise
    /// `InvalidArgs` naming both signatures.
    public func arguments(expecting expected: String) throws(BusError) -> [DBusValue] {
        let actual = signature
        guard actual == expected else {
            throw .invalidArgs("expected arguments of type '\(expected)', got '\(actual)'")
        }
        return try arguments()
    }

    /// For an error reply, the error it carries (name and first string argument as the message).
    public var error: BusError? {
        guard kind == .error, let name = errorName else { return nil }
        let first = (try? arguments())?.first?.stringValue ?? ""
        return BusError(name: name, message: first)
    }
}
