import CGLib
import CSoup
import EarshotGLib

/// A body with its Content-Length sent a few bytes at a time on a timer of the server's loop: a drip
/// (one byte a tick) or a throttled server. Stops when the body is complete or the client hangs up.
final class PacedBody {
    private let message: OpaquePointer
    private let body: [UInt8]
    private let bytesPerTick: Int
    private var sent = 0
    private var clientGone = false

    private init(message: OpaquePointer, body: [UInt8], bytesPerTick: Int) {
        g_object_ref(UnsafeMutableRawPointer(message))
        self.message = message
        self.body = body
        self.bytesPerTick = max(1, bytesPerTick)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    /// Answers `message` with `body`, paced; call from the server's thread (its loop runs the timer).
    static func start(_ message: OpaquePointer, body: [UInt8], contentType: String, bytesPerTick: Int,
                      intervalMilliseconds: UInt32) {
        soup_server_message_set_status(message, 200, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_set_content_length(headers, goffset(body.count))
        soup_message_headers_set_content_type(headers, contentType, nil)
        let paced = PacedBody(message: message, body: body, bytesPerTick: bytesPerTick)
        let finished: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            Unmanaged<PacedBody>.fromOpaque(data!).takeUnretainedValue().clientGone = true
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "finished", unsafeBitCast(finished, to: GCallback.self),
                              Unmanaged.passRetained(paced).toOpaque(),
                              { data, _ in Unmanaged<PacedBody>.fromOpaque(data!).release() }, GConnectFlags(0))
        soup_server_message_pause(message)
        MainContext.threadDefault().addTimeout(milliseconds: intervalMilliseconds) { paced.tick() }
    }

    /// Sends the next few bytes; false once there is nothing more to do.
    private func tick() -> Bool {
        guard !clientGone, sent < body.count else { return false }
        let count = min(bytesPerTick, body.count - sent)
        let responseBody = soup_server_message_get_response_body(message)
        body.withUnsafeBytes {
            soup_message_body_append(responseBody, SOUP_MEMORY_COPY, $0.baseAddress! + sent, gsize(count))
        }
        sent += count
        if sent == body.count { soup_message_body_complete(responseBody) }
        soup_server_message_unpause(message)
        return sent < body.count
    }
}
