import EarshotTestSupport
import CGLib
import EarshotGLib
@testable import EarshotMPRIS

/// Everything one test owns: a main context (pushed as the thread default while the test runs), a
/// private bus, the service connection with the adapter over a `TestPlayer`, and a client connection
/// that talks to the service over the bus like any MPRIS client would.
final class Harness {
    let context: MainContext
    let bus: PrivateBus
    let service: BusConnection
    let client: BusConnection
    let player: TestPlayer
    let adapter: MPRISAdapter
    let busName: String
    /// Signals from the service, in arrival order (after `watchSignals()`).
    private(set) var signals: [BusMessage] = []

    static let mimeTypes = ["audio/mpeg", "audio/ogg", "audio/aac"]

    /// Runs `body` with a fresh harness on a fresh context, and tears everything down afterwards.
    static func run(player: TestPlayer = TestPlayer(), _ body: (Harness) throws -> Void) throws {
        let context = MainContext()
        try context.withThreadDefault {
            let harness = try Harness(context: context, player: player)
            defer { harness.close() }
            try body(harness)
        }
    }

    private init(context: MainContext, player: TestPlayer) throws {
        self.context = context
        self.player = player
        bus = try PrivateBus()
        service = try BusConnection(address: bus.address, context: context)
        adapter = try MPRISAdapter(connection: service, control: player, supportedMimeTypes: Self.mimeTypes)
        busName = try adapter.requestBusName()
        client = try BusConnection(address: bus.address, context: context)
        player.onChange = { [weak adapter] in adapter?.stateChanged() }
        player.onSeeked = { [weak adapter] in adapter?.seeked(to: $0) }
    }

    func close() {
        client.close()
        adapter.unexport()
        service.close()
        bus.stop()
    }

    // MARK: Calls

    /// Calls `member` on the MPRIS object and waits (iterating the context) for the reply.
    @discardableResult
    func call(
        _ interface: String?, _ member: String, _ arguments: [DBusValue] = [],
        path: String = MPRISAdapter.objectPath, timeoutSeconds: Double = 5
    ) throws -> [DBusValue] {
        let message = try BusMessage.methodCall(
            destination: busName, path: path, interface: interface, member: member, arguments: arguments)
        return try wait(for: message, on: client, timeoutSeconds: timeoutSeconds)
    }

    /// Sends `message` on `connection` and iterates the context until the reply arrives.
    func wait(for message: BusMessage, on connection: BusConnection, timeoutSeconds: Double = 5) throws -> [DBusValue] {
        var result: Result<BusMessage, BusError>?
        connection.call(message) { result = $0 }
        guard context.iterate(until: { result != nil }, timeoutSeconds: timeoutSeconds) else {
            throw BusError.noReply("the test gave up waiting for \(message.member ?? "?")")
        }
        return try result!.get().arguments()
    }

    /// Properties.Get, unwrapped from its variant.
    func get(_ interface: String, _ property: String) throws -> DBusValue {
        let reply = try call("org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(property)])
        guard reply.count == 1, let value = reply[0].variantValue else { throw BusError.failed("Get returned \(reply)") }
        return value
    }

    /// Properties.GetAll as a dictionary (values unwrapped from their variants), plus the raw reply.
    func getAll(_ interface: String) throws -> [String: DBusValue] {
        let reply = try call("org.freedesktop.DBus.Properties", "GetAll", [.string(interface)])
        guard reply.count == 1, reply[0].signature == "a{sv}", let entries = reply[0].stringKeyedEntries else {
            throw BusError.failed("GetAll returned \(reply)")
        }
        return entries.compactMapValues(\.variantValue)
    }

    /// Properties.Set with `value` wrapped in a variant.
    func set(_ interface: String, _ property: String, _ value: DBusValue) throws {
        try call("org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(property), .variant(value)])
    }

    static let player = MPRISAdapter.playerInterface
    static let root = MPRISAdapter.rootInterface

    // MARK: Signals

    /// Subscribes the client to every signal the service emits.
    func watchSignals() throws {
        client.addSignalHandler { [weak self] message in
            guard let self, message.sender == self.service.uniqueName else { return }
            self.signals.append(message)
        }
        var failure: BusError??
        client.addMatch("type='signal',sender='\(busName)'") { failure = .some($0) }
        guard context.iterate(until: { failure != nil }, timeoutSeconds: 5) else { throw TestFailure("AddMatch timed out") }
        if let error = failure! { throw error }
    }

    /// Lets pending change announcements go out and makes sure every signal emitted so far has
    /// reached the client. The adapter checks for changes at the context's next idle moment, and idle
    /// callbacks run in the order they were added, so one added now runs after any check already
    /// scheduled; then the service's messages to the client stay in order, so once a Ping sent after
    /// them is answered, they have all been dispatched.
    func settle() throws {
        var idled = false
        context.addIdle { idled = true }
        guard context.iterate(until: { idled }, timeoutSeconds: 5) else {
            throw TestFailure("the context never became idle")
        }
        try call("org.freedesktop.DBus.Peer", "Ping")
    }

    /// The PropertiesChanged signals received so far, decoded: (interface, changed, invalidated).
    var propertiesChanged: [(interface: String, changed: [(String, DBusValue)], invalidated: [String])] {
        signals.compactMap { message in
            guard message.interface == "org.freedesktop.DBus.Properties", message.member == "PropertiesChanged",
                  let args = try? message.arguments(expecting: "sa{sv}as"),
                  let interface = args[0].stringValue,
                  case .dictionary(_, _, let entries) = args[1],
                  let invalidated = args[2].stringArrayValue
            else { return nil }
            let changed = entries.compactMap { entry -> (String, DBusValue)? in
                guard let key = entry.key.stringValue, let value = entry.value.variantValue else { return nil }
                return (key, value)
            }
            return (interface, changed, invalidated)
        }
    }

    /// The positions carried by the Seeked signals received so far.
    var seekedPositions: [Int64] {
        signals.compactMap { message in
            guard message.interface == MPRISAdapter.playerInterface, message.member == "Seeked" else { return nil }
            return (try? message.arguments(expecting: "x"))?.first?.int64Value
        }
    }

    func clearSignals() { signals = [] }

    /// Iterates the context for `seconds` (to show that nothing more arrives).
    func idle(seconds: Double) {
        _ = context.iterate(until: { false }, timeoutSeconds: seconds)
    }
}
