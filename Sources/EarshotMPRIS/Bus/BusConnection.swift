import CDBus
import EarshotGLib
import Glibc

/// A private libdbus connection to a message bus, run on a GLib `MainContext`.
///
/// The connection's socket, reply timeouts and message dispatch are all sources on that context (no
/// thread of its own): incoming calls, replies and signals are handled while the context iterates, on
/// the thread iterating it. Use one `BusConnection` from that thread only.
///
/// Losing the bus (the daemon exits, closes or kicks the connection) is reported once through
/// `onDisconnect`, with a reason to log. `close()` (or deinit) ends the connection without reporting.
public final class BusConnection {
    /// The context the connection's sources are attached to.
    public let context: MainContext
    /// The bus address, or nil for the session (or system) bus found through the environment.
    public let address: String?
    /// The unique name the bus assigned (`:1.42`).
    public let uniqueName: String

    let raw: OpaquePointer
    private let scheduler: DispatchScheduler
    private let callbacks: ConnectionCallbacks
    private var closed = false

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`) and registers with it.
    public static func session(context: MainContext = .threadDefault()) throws(BusError) -> BusConnection {
        _ = libdbusThreadsReady
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else {
            throw BusError(consuming: &error) ?? .failed("cannot connect to the session bus")
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)  // dbus_bus_get_* would _exit() on disconnect
        return try BusConnection(adopting: raw, address: nil, context: context)
    }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket) and registers
    /// with it. Fails at once when there is no system bus.
    public static func system(context: MainContext = .threadDefault()) throws(BusError) -> BusConnection {
        _ = libdbusThreadsReady
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) else {
            throw BusError(consuming: &error) ?? .failed("cannot connect to the system bus")
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        return try BusConnection(adopting: raw, address: nil, context: context, description: "the system bus")
    }

    /// Connects to the bus at `address` (e.g. `unix:path=/run/user/1000/bus`) and registers with it.
    public convenience init(address: String, context: MainContext = .threadDefault()) throws(BusError) {
        _ = libdbusThreadsReady
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let raw = dbus_connection_open_private(address, &error) else {
            throw BusError(consuming: &error) ?? .failed("cannot connect to \(address)")
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        guard dbus_bus_register(raw, &error) != 0 else {
            let failure = BusError(consuming: &error) ?? .failed("cannot register with the bus at \(address)")
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw failure
        }
        try self.init(adopting: raw, address: address, context: context)
    }

    /// Takes ownership of a registered private connection and attaches it to `context`.
    private init(adopting raw: OpaquePointer, address: String?, context: MainContext, description: String? = nil) throws(BusError) {
        self.raw = raw
        self.address = address
        self.context = context
        uniqueName = dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? ""
        callbacks = ConnectionCallbacks(description: description ?? address ?? "the session bus")
        guard WatchSources.install(on: raw, context: context),
              TimeoutSources.install(on: raw, context: context) else {
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
            throw .noMemory("cannot attach the bus connection to the main context")
        }
        let filterData = Unmanaged.passRetained(callbacks).toOpaque()
        if dbus_connection_add_filter(raw, ConnectionCallbacks.filter, filterData, { data in
            if let data { Unmanaged<ConnectionCallbacks>.fromOpaque(data).release() }
        }) == 0 {
            Unmanaged<ConnectionCallbacks>.fromOpaque(filterData).release()
        }
        scheduler = DispatchScheduler.install(on: raw, context: context)
    }

    deinit {
        close()
        dbus_connection_unref(raw)
    }

    // MARK: State

    /// Whether the connection is still open.
    public var isConnected: Bool { !closed && dbus_connection_get_is_connected(raw) != 0 }

    /// Called once, on the context, when the bus goes away. Not called after `close()`.
    public var onDisconnect: ((BusDisconnection) -> Void)? {
        get { callbacks.onDisconnect }
        set { callbacks.onDisconnect = newValue }
    }

    /// Closes the connection: its sources leave the context, pending calls are dropped, and neither
    /// handlers nor `onDisconnect` run again. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        callbacks.shutDown()
        scheduler.uninstall()
        dbus_connection_close(raw)
        WatchSources.uninstall(from: raw)
        TimeoutSources.uninstall(from: raw)
    }

    // MARK: Sending

    /// Queues `message` for sending (written as soon as the socket accepts it).
    public func send(_ message: BusMessage) throws(BusError) {
        guard isConnected else { throw .disconnected() }
        guard dbus_connection_send(raw, message.raw, nil) != 0 else { throw .noMemory() }
    }

    /// Blocks until everything queued has been written (used before quitting, so a reply is not lost).
    public func flush() {
        guard isConnected else { return }
        dbus_connection_flush(raw)
    }

    /// Sends a method call; `reply` runs later on the context with the reply or the error (including
    /// `NoReply` after `timeoutMilliseconds`, default 25 s). Never runs `reply` synchronously.
    @discardableResult
    public func call(
        _ message: BusMessage, timeoutMilliseconds: Int32 = -1,
        reply: @escaping (Result<BusMessage, BusError>) -> Void
    ) -> PendingCall {
        let failLater: (BusError) -> PendingCall = { error in
            self.context.addIdle { reply(.failure(error)) }
            return PendingCall(raw: nil)
        }
        guard isConnected else { return failLater(.disconnected()) }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.raw, &pending, timeoutMilliseconds) != 0 else {
            return failLater(.noMemory())
        }
        guard let pending else { return failLater(.disconnected()) }
        PendingCall.setNotify(pending, reply)
        return PendingCall(raw: pending)
    }

    /// Sends a method call and blocks (without iterating the context) until the reply arrives. Only
    /// for calls the bus daemon itself answers at start-up (name requests): a call to a service on the
    /// same thread would deadlock.
    func callBlocking(_ message: BusMessage, timeoutMilliseconds: Int32 = -1) throws(BusError) -> BusMessage {
        guard isConnected else { throw .disconnected() }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message.raw, timeoutMilliseconds, &error)
        else { throw BusError(consuming: &error) ?? .failed("no reply") }
        return BusMessage(adopting: reply)
    }

    // MARK: Receiving

    /// Calls `handler` on the context for every signal delivered to this connection (add match rules
    /// with `addMatch` to receive broadcasts). Returns a token for `removeSignalHandler`.
    @discardableResult
    public func addSignalHandler(_ handler: @escaping (BusMessage) -> Void) -> Int {
        callbacks.addSignalHandler(handler)
    }

    /// Removes a handler added with `addSignalHandler`.
    public func removeSignalHandler(_ token: Int) {
        callbacks.removeSignalHandler(token)
    }

    /// Asks the bus to route messages matching `rule` to this connection (`AddMatch`); `done` runs
    /// with nil once the bus accepted the rule, or with the error.
    public func addMatch(_ rule: String, done: ((BusError?) -> Void)? = nil) {
        do {
            let message = try BusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "AddMatch", arguments: [.string(rule)])
            call(message) { result in
                switch result {
                case .success: done?(nil)
                case .failure(let error): done?(error)
                }
            }
        } catch {
            context.addIdle { done?(error) }
        }
    }

    /// Routes method calls to the object at `path` to `handler`, which returns whether it handled the
    /// message (when it does not, libdbus answers `UnknownMethod`).
    public func registerObject(
        path: String, handler: @escaping (BusMessage) -> Bool
    ) throws(BusError) -> ObjectRegistration {
        guard DBusNames.isValidObjectPath(path) else { throw .invalidArgs("'\(path)' is not a valid object path") }
        guard isConnected else { throw .disconnected() }
        return try ObjectRegistration(connection: self, path: path, handler: handler)
    }

    /// Records the names this connection owns, for the disconnection report.
    func noteOwnedName(_ name: String) { callbacks.ownedNames.append(name) }
}

/// Initialises libdbus's thread support once per process (tests run connections on several threads).
private let libdbusThreadsReady: Bool = dbus_threads_init_default() != 0
