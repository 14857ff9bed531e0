import CDBus

/// Why a bus connection ended, for the owner to log before shutting down.
public struct BusDisconnection: Sendable, CustomStringConvertible {
    /// A sentence naming the bus and the names that were lost.
    public let reason: String

    public var description: String { reason }
}

/// The connection's message filter: sees every incoming message before object handlers, delivers
/// signals to the registered handlers and turns libdbus's local `Disconnected` signal into
/// `onDisconnect`. Owned by libdbus (the filter data) and by the `BusConnection`.
final class ConnectionCallbacks {
    var onDisconnect: ((BusDisconnection) -> Void)?
    var ownedNames: [String] = []
    private let description: String
    private var signalHandlers: [(token: Int, handler: (BusMessage) -> Void)] = []
    private var nextToken = 1
    private var isShutDown = false

    init(description: String) { self.description = description }

    func addSignalHandler(_ handler: @escaping (BusMessage) -> Void) -> Int {
        defer { nextToken += 1 }
        signalHandlers.append((nextToken, handler))
        return nextToken
    }

    func removeSignalHandler(_ token: Int) {
        signalHandlers.removeAll { $0.token == token }
    }

    /// Drops every handler (they may capture the connection's owner) and ignores further messages.
    func shutDown() {
        isShutDown = true
        onDisconnect = nil
        signalHandlers = []
    }

    /// The libdbus filter function; `data` is an unretained `ConnectionCallbacks`.
    static let filter: DBusHandleMessageFunction = { _, message, data in
        guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let callbacks = Unmanaged<ConnectionCallbacks>.fromOpaque(data).takeUnretainedValue()
        callbacks.handle(message)
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED  // let object handlers and other filters see it too
    }

    private func handle(_ raw: OpaquePointer) {
        guard !isShutDown, dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_SIGNAL else { return }
        if dbus_message_is_signal(raw, DBUS_INTERFACE_LOCAL, "Disconnected") != 0,
           dbus_message_has_path(raw, DBUS_PATH_LOCAL) != 0 {
            reportDisconnection()
            return
        }
        guard !signalHandlers.isEmpty else { return }
        let message = BusMessage(retaining: raw)
        for (_, handler) in signalHandlers { handler(message) }
    }

    private func reportDisconnection() {
        let names = ownedNames.isEmpty ? "" : " (lost \(ownedNames.joined(separator: ", ")))"
        let report = BusDisconnection(reason: "the connection to \(description) was closed by the other side\(names)")
        let handler = onDisconnect
        shutDown()
        handler?(report)
    }
}
