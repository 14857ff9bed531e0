/// One D-Bus interface implemented by an `ExportedObject`.
///
/// Implementations see only `DBusValue`s that already match the introspection XML: the object checks
/// the interface, the member, the argument signature, property access and the type of a value being
/// set before calling in, and answers bad calls with the standard errors itself.
public protocol BusInterface: AnyObject {
    /// The interface name; it must be declared in the object's introspection XML.
    var name: String { get }

    /// The current value of a declared readable property, with exactly its declared type; nil when
    /// the implementation does not serve it (answered as `UnknownProperty`).
    func value(of property: String) -> DBusValue?

    /// The current values of several readable properties at once (GetAll, change checks). Implement it
    /// when the properties share one costly snapshot, so the snapshot is taken once per request.
    func values(of properties: [String]) -> [String: DBusValue]

    /// Sets a declared writable property; `value` already has the declared type. Throw `InvalidArgs`
    /// for unacceptable values.
    func setValue(_ value: DBusValue, of property: String) throws(BusError)

    /// Runs a declared method; `arguments` already match its declared in-signature. Returns values of
    /// its declared out-signature.
    func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply
}

extension BusInterface {
    /// One `value(of:)` per property.
    public func values(of properties: [String]) -> [String: DBusValue] {
        var values: [String: DBusValue] = [:]
        for property in properties { values[property] = value(of: property) }
        return values
    }
}

/// An interface with methods only: it serves no property and refuses to set one.
public protocol MethodsOnlyInterface: BusInterface {}

extension MethodsOnlyInterface {
    public func value(of property: String) -> DBusValue? { nil }

    public func setValue(_ value: DBusValue, of property: String) throws(BusError) {
        throw .unknownProperty("\(name) has no property \(property)")
    }
}

/// What a method returns: its out arguments, and optionally work to do once the reply has been
/// written to the socket (e.g. quitting after answering Quit); or a promise to answer later.
public struct MethodReply {
    /// The out arguments.
    public var values: [DBusValue]
    /// Runs after the reply has been flushed.
    public var afterReply: (() -> Void)?
    /// For a method that answers later (its work runs on a worker or waits for the network): called at
    /// once with a responder, which the implementation calls exactly once, on the main context's thread,
    /// with the out arguments or an error. `values` is ignored then.
    public var deferred: ((@escaping (Result<[DBusValue], BusError>) -> Void) -> Void)?
    /// For a method whose long answer is marshalled off the loop: called at once with a preparer (usable
    /// on any thread) and a responder, which the implementation calls exactly once, on the main
    /// context's thread, with the prepared reply or an error.
    public var prepared: ((ReplyPreparer, @escaping (Result<PreparedReply, BusError>) -> Void) -> Void)?

    /// A reply with `values` and optional follow-up work.
    public init(_ values: [DBusValue] = [], afterReply: (() -> Void)? = nil) {
        self.values = values
        self.afterReply = afterReply
    }

    /// A reply sent when `start`'s responder is called (the loop goes on meanwhile).
    public static func later(_ start: @escaping (@escaping (Result<[DBusValue], BusError>) -> Void) -> Void) -> MethodReply {
        var reply = MethodReply()
        reply.deferred = start
        return reply
    }

    /// A reply made off the loop by `start`'s preparer and sent when its responder is called.
    public static func laterPrepared(
        _ start: @escaping (ReplyPreparer, @escaping (Result<PreparedReply, BusError>) -> Void) -> Void
    ) -> MethodReply {
        var reply = MethodReply()
        reply.prepared = start
        return reply
    }

    /// Whether the answer comes later (`deferred` or `prepared`).
    var isLater: Bool { deferred != nil || prepared != nil }

    /// A reply with no out arguments.
    public static var empty: MethodReply { MethodReply() }
}
