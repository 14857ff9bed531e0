/// A D-Bus introspection document (`<node>` with its `<interface>`s), as read from XML.
///
/// The object dispatcher takes method signatures, property types and access, and the
/// `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation from here, so the XML in dbus/ is the
/// one description of what the service accepts and announces.
public struct IntrospectionNode: Sendable, Equatable {
    /// The interfaces, in document order.
    public var interfaces: [InterfaceDescription]

    /// The interface named `name`.
    public func interface(_ name: String) -> InterfaceDescription? {
        interfaces.first { $0.name == name }
    }

    /// Parses introspection XML; throws with the parser's message and line when it is malformed or
    /// does not describe a node (unknown elements are ignored, as the format allows extensions).
    public init(xml: String) throws(IntrospectionError) {
        self = try IntrospectionParser.parse(xml)
    }

    init(interfaces: [InterfaceDescription]) { self.interfaces = interfaces }
}

/// One interface of an introspection document.
public struct InterfaceDescription: Sendable, Equatable {
    /// The interface name, e.g. `org.mpris.MediaPlayer2.Player`.
    public var name: String
    /// Methods in document order.
    public var methods: [MethodDescription] = []
    /// Signals in document order.
    public var signals: [SignalDescription] = []
    /// Properties in document order.
    public var properties: [PropertyDescription] = []

    /// The method named `name`.
    public func method(_ name: String) -> MethodDescription? { methods.first { $0.name == name } }
    /// The signal named `name`.
    public func signal(_ name: String) -> SignalDescription? { signals.first { $0.name == name } }
    /// The property named `name`.
    public func property(_ name: String) -> PropertyDescription? { properties.first { $0.name == name } }
}

/// A method: the signatures of its in and out arguments.
public struct MethodDescription: Sendable, Equatable {
    /// The method name.
    public var name: String
    /// The concatenated types of the `direction="in"` arguments (the default for methods).
    public var inSignature: String
    /// The concatenated types of the `direction="out"` arguments.
    public var outSignature: String
    /// The names of the in-arguments, in order ("" for one without a name).
    public var inArgumentNames: [String] = []
}

/// A signal: the signature of its arguments.
public struct SignalDescription: Sendable, Equatable {
    /// The signal name.
    public var name: String
    /// The concatenated argument types.
    public var signature: String
}

/// A property: its type, access and how changes are announced.
public struct PropertyDescription: Sendable, Equatable {
    /// How `PropertiesChanged` covers a property (`org.freedesktop.DBus.Property.EmitsChangedSignal`).
    public enum ChangeAnnouncement: String, Sendable, Equatable {
        /// Changes are announced with the new value (the default).
        case value = "true"
        /// Changes are announced by name only, in the invalidated list.
        case invalidates
        /// The value never changes.
        case const
        /// Changes are not announced (e.g. MPRIS Position).
        case none = "false"
    }

    /// Who may read or write the property.
    public enum Access: String, Sendable, Equatable {
        case read, write, readwrite

        /// Whether Get/GetAll may return it.
        public var isReadable: Bool { self != .write }
        /// Whether Set may change it.
        public var isWritable: Bool { self != .read }
    }

    /// The property name.
    public var name: String
    /// Its single complete D-Bus type.
    public var type: String
    /// Read, write or readwrite.
    public var access: Access
    /// How changes are announced (the property's annotation, else the interface's, else `value`).
    public var announcement: ChangeAnnouncement
}

/// Why introspection XML could not be read.
public struct IntrospectionError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, with a line number when the XML parser gave one.
    public let message: String

    public var description: String { message }
}
