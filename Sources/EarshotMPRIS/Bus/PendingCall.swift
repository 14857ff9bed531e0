import CDBus

/// A method call awaiting its reply. Dropping it does not cancel the call (the reply handler still
/// runs); `cancel()` does.
public final class PendingCall {
    private let raw: OpaquePointer?

    /// Takes ownership of the reference `dbus_connection_send_with_reply` returned (nil when the call
    /// failed before being sent; its handler has been scheduled with the error).
    init(raw: OpaquePointer?) { self.raw = raw }

    deinit { if let raw { dbus_pending_call_unref(raw) } }

    /// Abandons the call: the reply handler will not run.
    public func cancel() {
        guard let raw else { return }
        dbus_pending_call_cancel(raw)
    }

    /// Whether the reply (or the timeout error) has arrived.
    public var isCompleted: Bool { raw.map { dbus_pending_call_get_completed($0) != 0 } ?? true }

    /// Arranges for `reply` to receive the outcome of `pending` when it completes.
    static func setNotify(_ pending: OpaquePointer, _ reply: @escaping (Result<BusMessage, BusError>) -> Void) {
        let box = Unmanaged.passRetained(ReplyHandler(reply)).toOpaque()
        let installed = dbus_pending_call_set_notify(pending, { pending, data in
            guard let pending, let data else { return }
            Unmanaged<ReplyHandler>.fromOpaque(data).takeUnretainedValue().deliver(from: pending)
        }, box, { data in
            if let data { Unmanaged<ReplyHandler>.fromOpaque(data).release() }
        })
        if installed == 0 {
            Unmanaged<ReplyHandler>.fromOpaque(box).release()
            dbus_pending_call_cancel(pending)
            reply(.failure(.noMemory()))
            return
        }
        // Completion happens while the connection dispatches, never between send and here; this only
        // guards against a libdbus that completed it already.
        if dbus_pending_call_get_completed(pending) != 0 {
            Unmanaged<ReplyHandler>.fromOpaque(box).takeUnretainedValue().deliver(from: pending)
        }
    }
}

/// The reply closure of one pending call; delivers at most once.
private final class ReplyHandler {
    private var reply: ((Result<BusMessage, BusError>) -> Void)?

    init(_ reply: @escaping (Result<BusMessage, BusError>) -> Void) { self.reply = reply }

    func deliver(from pending: OpaquePointer) {
        guard let reply, let raw = dbus_pending_call_steal_reply(pending) else { return }
        self.reply = nil
        let message = BusMessage(adopting: raw)
        if let error = message.error {
            reply(.failure(error))
        } else {
            reply(.success(message))
        }
    }
}
