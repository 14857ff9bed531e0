import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport

/// A stand-in desktop notification server on a test's private bus: it owns
/// `org.freedesktop.Notifications`, answers `GetCapabilities` and `GetServerInformation`, records each
/// `Notify` (numbering notices as a server does: a replaced one keeps its id) and, when the test clicks,
/// sends `ActionInvoked` followed by `NotificationClosed`, as a server does for a notice that is not
/// resident. It answers while the test's context iterates.
final class NotificationServer {
    /// One `Notify` call as received.
    struct Notification {
        var id: UInt32
        var appName: String
        var replacesID: UInt32
        var appIcon: String
        var summary: String
        var body: String
        var actions: [String]
        var hints: [String: DBusValue]
        var timeout: Int32

        /// A string hint's value.
        func hint(_ key: String) -> String? { hints[key]?.variantValue?.stringValue }
    }

    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private(set) var received: [Notification] = []
    private let connection: BusConnection
    private var registration: ObjectRegistration?
    private let capabilities: [String]
    private var nextID: UInt32 = 1

    /// Serves on the bus at `address`, on `context`, claiming `capabilities` (GNOME Shell's by default).
    init(bus address: String, context: MainContext,
         capabilities: [String] = ["actions", "body", "body-markup", "icon-static", "persistence", "sound"]) throws {
        self.capabilities = capabilities
        connection = try BusConnection(address: address, context: context)
        registration = try connection.registerObject(path: Self.path) { [weak self] in self?.handle($0) ?? false }
        guard try connection.requestName(Self.name) == .owned else { throw TestFailure("\(Self.name) is taken") }
    }

    deinit { connection.close() }

    /// The listener clicked `action` on notice `id`.
    func click(_ action: String, on id: UInt32) throws {
        try emit("ActionInvoked", [.uint32(id), .string(action)])
        try emit("NotificationClosed", [.uint32(id), .uint32(2)])
    }

    private func emit(_ member: String, _ arguments: [DBusValue]) throws {
        try connection.send(BusMessage.signal(path: Self.path, interface: Self.name, member: member, arguments: arguments))
    }

    private func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .methodCall, message.interface == Self.name else { return false }
        let values: [DBusValue]
        switch message.member {
        case "GetCapabilities":
            values = [.stringArray(capabilities)]
        case "GetServerInformation":
            values = [.string("earshot-tests"), .string("Earshot"), .string("1"), .string("1.2")]
        case "Notify":
            guard let a = try? message.arguments(expecting: "susssasa{sv}i") else { return false }
            let replaces = a[1].uint32Value ?? 0
            let id = replaces != 0 ? replaces : nextID
            if replaces == 0 { nextID += 1 }
            received.append(Notification(
                id: id, appName: a[0].stringValue ?? "", replacesID: replaces, appIcon: a[2].stringValue ?? "",
                summary: a[3].stringValue ?? "", body: a[4].stringValue ?? "", actions: a[5].stringArrayValue ?? [],
                hints: a[6].stringKeyedEntries ?? [:], timeout: a[7].int32Value ?? 0))
            values = [.uint32(id)]
        default:
            return false
        }
        guard let reply = try? message.methodReturn(values) else { return false }
        try? connection.send(reply)
        return true
    }
}
