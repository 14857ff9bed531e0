import CEarshot
import CGStreamer

/// Keeps a pipeline that reads over HTTP from being torn down while its HTTP source waits for a response.
///
/// GStreamer 1.22's `souphttpsrc` with libsoup 3 sends each request from its own session thread, and
/// stopping the element cancels the request there. When that cancellation lands while libsoup is
/// completing the request (the response stream exists, but the cancel has already finished the message's
/// I/O), libsoup drops the unclaimed response stream, and closing it dereferences the finished I/O:
/// SIGSEGV on the session thread, in `g_input_stream_close` under the finalisation of libsoup's task.
/// Once `souphttpsrc` owns the response (it posts an `http-headers` element message right after taking
/// it), or the request failed (an ERROR), stopping is safe. So the engine defers the teardown of a
/// pipeline whose request is in flight until one of those messages arrives; a load asked for meanwhile
/// replaces the deferred one (only the last of a burst loads).
struct ResponseGuard {
    /// Whether the pipeline's HTTP source may be waiting for a response (from its start, or from a
    /// flushing seek that may need a new range request, until a message says otherwise).
    private(set) var isAwaitingResponse = false

    /// Whether the pipeline must be taken down as soon as the response arrives (the owner already moved
    /// on: another episode, stop, or an error); meanwhile its messages are ignored.
    var isTeardownDeferred = false

    /// A request may now be in flight when `uri` reads from the network.
    mutating func requestMayStart(for uri: String?) {
        guard let scheme = uri?.split(separator: ":").first?.lowercased() else { return }
        if scheme == "http" || scheme == "https" { isAwaitingResponse = true }
    }

    /// Notes `message`; true when it ends the wait (the source has its response, or something failed,
    /// or an asynchronous operation completed, which needs data, hence a response).
    mutating func observe(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        guard isAwaitingResponse, Self.endsWait(message) else { return false }
        isAwaitingResponse = false
        return true
    }

    /// The pipeline went to NULL: nothing is in flight.
    mutating func reset() {
        isAwaitingResponse = false
        isTeardownDeferred = false
    }

    /// Whether `message` says no request of this pipeline is waiting for its response any more.
    static func endsWait(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        switch earshot_message_type(message) {
        case GST_MESSAGE_ERROR, GST_MESSAGE_ASYNC_DONE:
            return true
        case GST_MESSAGE_ELEMENT:
            return gst_message_has_name(message, "http-headers") != 0
        default:
            return false
        }
    }
}
