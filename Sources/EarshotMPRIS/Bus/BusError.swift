import CDBus

/// A named D-Bus error: what a failed call returns, what a failed connection reports, and what the
/// object dispatcher sends back for a bad call (`org.freedesktop.DBus.Error.InvalidArgs`, …).
public struct BusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name, e.g. `org.freedesktop.DBus.Error.UnknownMethod` or `org.earshot.Error.SoundURLMissing`.
    public let name: String
    /// A human-readable explanation.
    public let message: String

    /// An error with the given name and message. A name that is not a valid D-Bus error name is
    /// replaced by `org.freedesktop.DBus.Error.Failed` (libdbus would abort on it), keeping the message.
    public init(name: String, message: String) {
        if DBusNames.isValidErrorName(name) {
            self.name = name
            self.message = message
        } else {
            self.name = Self.failedName
            self.message = "\(name): \(message)"
        }
    }

    /// Takes the contents of a set libdbus `DBusError` and frees it; nil when it is not set.
    init?(consuming error: inout CDBus.DBusError) {
        guard dbus_error_is_set(&error) != 0 else { return nil }
        let name = error.name.map { String(cString: $0) } ?? Self.failedName
        let message = error.message.map { String(cString: $0) } ?? ""
        dbus_error_free(&error)
        self.init(name: name, message: message)
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }
}

extension BusError {
    static let failedName = "org.freedesktop.DBus.Error.Failed"

    /// `org.freedesktop.DBus.Error.Failed`: a generic failure.
    public static func failed(_ message: String) -> BusError { BusError(name: failedName, message: message) }
    /// `org.freedesktop.DBus.Error.NoMemory`.
    public static func noMemory(_ message: String = "out of memory") -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.NoMemory", message: message)
    }
    /// `org.freedesktop.DBus.Error.UnknownMethod`: the interface has no such method.
    public static func unknownMethod(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }
    /// `org.freedesktop.DBus.Error.UnknownInterface`: the object has no such interface.
    public static func unknownInterface(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }
    /// `org.freedesktop.DBus.Error.UnknownProperty`: the interface has no such property.
    public static func unknownProperty(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }
    /// `org.freedesktop.DBus.Error.InvalidArgs`: wrong signature or an unacceptable value.
    public static func invalidArgs(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
    /// `org.freedesktop.DBus.Error.PropertyReadOnly`: Set on a read-only property.
    public static func propertyReadOnly(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: message)
    }
    /// `org.freedesktop.DBus.Error.Disconnected`: the connection is closed.
    public static func disconnected(_ message: String = "the bus connection is closed") -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.Disconnected", message: message)
    }
    /// `org.freedesktop.DBus.Error.NoReply`: no reply within the timeout.
    public static func noReply(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.NoReply", message: message)
    }
}
