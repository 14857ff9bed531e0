import CDBus
import EarshotGLib

/// An object on the bus: routes method calls at its path to its `BusInterface`s and implements the
/// standard interfaces itself, all as described by one introspection XML document.
///
/// - `org.freedesktop.DBus.Introspectable.Introspect` returns the XML verbatim.
/// - `org.freedesktop.DBus.Peer`: `Ping`, `GetMachineId`.
/// - `org.freedesktop.DBus.Properties`: `Get`, `GetAll`, `Set`, and `PropertiesChanged`, emitted by
///   `announceChanges()` (or coalesced through `propertiesChanged()`) with the new values of the
///   properties that really changed since the last announcement.
///
/// Bad calls are answered, never crash: `UnknownInterface`, `UnknownMethod`, `UnknownProperty`,
/// `InvalidArgs` (wrong signature, wrong value type), `PropertyReadOnly`.
public final class ExportedObject {
    /// The object path.
    public let path: String
    /// The introspection XML, returned by `Introspect`.
    public let introspectionXML: String
    /// The parsed XML: the contract calls are checked against.
    public let node: IntrospectionNode
    /// The connection the object is exported on.
    public let connection: BusConnection

    var implementations: [String: any BusInterface] = [:]
    var registration: ObjectRegistration?
    let tracker: PropertyChangeTracker

    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let peer = "org.freedesktop.DBus.Peer"
    static let properties = "org.freedesktop.DBus.Properties"

    /// Exports `interfaces` at `path`. Every interface must be declared in `introspectionXML`; the
    /// current property values become the baseline for change announcements.
    public init(
        connection: BusConnection, path: String, introspectionXML: String, interfaces: [any BusInterface]
    ) throws(BusError) {
        let node: IntrospectionNode
        do {
            node = try IntrospectionNode(xml: introspectionXML)
        } catch {
            throw .failed("invalid introspection XML: \(error.message)")
        }
        self.connection = connection
        self.path = path
        self.introspectionXML = introspectionXML
        self.node = node
        tracker = PropertyChangeTracker(context: connection.context)
        for interface in interfaces {
            guard node.interface(interface.name) != nil else {
                throw .failed("interface \(interface.name) is not declared in the introspection XML")
            }
            implementations[interface.name] = interface
        }
        _ = collectChanges()  // the baseline
        registration = try connection.registerObject(path: path) { [weak self] message in
            guard let self else { return false }
            return self.handle(message)
        }
    }

    deinit { registration?.unregister() }

    /// Stops answering at the path.
    public func unexport() {
        tracker.cancelScheduled()
        registration?.unregister()
        registration = nil
    }

    // MARK: Dispatch

    private func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .methodCall, let member = message.member else { return false }
        let outcome: Result<MethodReply, BusError>
        do throws(BusError) {
            outcome = .success(try dispatch(message, member: member))
        } catch {
            outcome = .failure(error)
        }
        if case .success(let result) = outcome, let deferred = result.deferred {
            answerLater(message, deferred)
            return true
        }
        if case .success(let result) = outcome, let prepared = result.prepared {
            answerPrepared(message, prepared)
            return true
        }
        guard message.expectsReply else {
            if case .success(let reply) = outcome { reply.afterReply?() }
            return true
        }
        switch outcome {
        case .success(let result):
            do {
                try connection.send(try message.methodReturn(result.values))
            } catch {
                reply(to: message, with: .failed("cannot send the reply: \(error.message)"))
            }
            if let afterReply = result.afterReply {
                connection.flush()
                afterReply()
            }
        case .failure(let error):
            reply(to: message, with: error)
        }
        return true
    }

    /// Runs a deferred method and sends its answer when it comes (checked against the declared
    /// out-signature, like immediate answers). A second answer is ignored.
    private func answerLater(_ message: BusMessage, _ start: (@escaping (Result<[DBusValue], BusError>) -> Void) -> Void) {
        let declared = declaredOutSignature(of: message)
        var answered = false
        start { [weak self] outcome in
            guard let self, !answered else { return }
            answered = true
            guard message.expectsReply else { return }
            switch outcome {
            case .success(let values):
                let signature = values.map(\.signature).joined()
                guard signature == declared else {
                    Log.warning("D-Bus: \(message.member ?? "?") answered '\(signature)', declared '\(declared)'")
                    return self.reply(to: message, with: .failed("internal error: the answer has the wrong type"))
                }
                do {
                    try self.connection.send(try message.methodReturn(values))
                } catch {
                    self.reply(to: message, with: .failed("cannot send the reply: \(error)"))
                }
            case .failure(let error):
                self.reply(to: message, with: error)
            }
        }
    }

    /// Runs a method whose answer is marshalled off the loop, and sends the prepared reply when it comes.
    /// A second answer is ignored.
    private func answerPrepared(_ message: BusMessage,
                                _ start: (ReplyPreparer, @escaping (Result<PreparedReply, BusError>) -> Void) -> Void) {
        let preparer = ReplyPreparer(call: message, method: message.member ?? "?", declared: declaredOutSignature(of: message))
        var answered = false
        start(preparer) { [weak self] outcome in
            guard let self, !answered else { return }
            answered = true
            guard message.expectsReply else { return }
            switch outcome {
            case .success(let prepared):
                do {
                    try self.connection.send(prepared.message)
                } catch {
                    self.reply(to: message, with: .failed("cannot send the reply: \(error)"))
                }
            case .failure(let error):
                self.reply(to: message, with: error)
            }
        }
    }

    private func declaredOutSignature(of message: BusMessage) -> String {
        message.interface.flatMap { node.interface($0) }?.method(message.member ?? "")?.outSignature
            ?? node.interfaces.lazy.compactMap { $0.method(message.member ?? "") }.first?.outSignature ?? ""
    }

    private func reply(to message: BusMessage, with error: BusError) {
        guard let reply = message.errorReply(error) else { return }
        try? connection.send(reply)
    }

    private func dispatch(_ message: BusMessage, member: String) throws(BusError) -> MethodReply {
        let description: InterfaceDescription
        if let name = message.interface {
            guard let found = node.interface(name) else {
                throw .unknownInterface("object \(path) has no interface \(name)")
            }
            description = found
        } else {
            guard let found = node.interfaces.first(where: { $0.method(member) != nil }) else {
                throw .unknownMethod("object \(path) has no method \(member)")
            }
            description = found
        }
        guard let method = description.method(member) else {
            throw .unknownMethod("interface \(description.name) has no method \(member)")
        }
        if let problem = ArgumentCheck.mismatch(method: member, names: method.inArgumentNames, expected: method.inSignature,
                                                given: message.signature) {
            throw .invalidArgs(problem)
        }
        let arguments = try message.arguments()
        let reply: MethodReply
        switch description.name {
        case Self.introspectable:
            reply = MethodReply([.string(introspectionXML)])
        case Self.peer:
            reply = try peer(member)
        case Self.properties:
            reply = try properties(member, arguments)
        default:
            guard let implementation = implementations[description.name] else {
                throw .unknownInterface("object \(path) does not implement \(description.name)")
            }
            reply = try implementation.call(member, arguments: arguments)
        }
        let outSignature = reply.values.map(\.signature).joined()
        guard reply.isLater || outSignature == method.outSignature else {
            Log.warning("D-Bus: \(description.name).\(member) returned '\(outSignature)', declared '\(method.outSignature)'")
            throw .failed("internal error: \(member) returned the wrong type")
        }
        return reply
    }

    private func peer(_ member: String) throws(BusError) -> MethodReply {
        guard member == "GetMachineId" else { return .empty }  // Ping
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_try_get_local_machine_id(&error) else {
            throw BusError(consuming: &error) ?? .failed("no machine id")
        }
        defer { dbus_free(raw) }
        return MethodReply([.string(String(cString: raw))])
    }
}
