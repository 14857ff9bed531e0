import CGLib
import EarshotGLib
import Foundation

/// Finds out why a network source failed when the pipeline did not say, by opening a TCP connection to
/// the same host and port on the engine's context (asynchronously; no thread of ours).
final class ConnectionDiagnosis {
    private let client: UnsafeMutablePointer<GSocketClient>
    private let cancellable: UnsafeMutablePointer<GCancellable>

    /// Starts connecting to `uri`'s host; `completion` runs once on `context` with the reason the
    /// connection fails, or nil when it succeeds (the failure was something else). Not called if cancelled.
    init(uri: URL, context: MainContext, completion: @escaping (PlaybackError.Reason?) -> Void) {
        client = g_socket_client_new()
        cancellable = g_cancellable_new()
        g_socket_client_set_timeout(client, 10)
        let box = Unmanaged.passRetained(CompletionBox(completion)).toOpaque()
        let defaultPort: UInt16 = uri.scheme?.lowercased() == "https" ? 443 : 80
        // The async call delivers its result on the thread-default context of the caller.
        context.withThreadDefault {
            g_socket_client_connect_to_uri_async(client, uri.absoluteString, defaultPort, cancellable, { source, result, data in
                let box = Unmanaged<CompletionBox>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let client = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GSocketClient.self)
                if let connection = g_socket_client_connect_to_uri_finish(client, result, &error) {
                    g_object_unref(connection)
                    box.completion(nil)
                    return
                }
                guard let failure = GLibError(taking: error), !failure.isIOError(G_IO_ERROR_CANCELLED) else { return }
                box.completion(ConnectionDiagnosis.reason(for: failure))
            }, box)
        }
    }

    deinit {
        g_cancellable_cancel(cancellable)
        g_object_unref(cancellable)
        g_object_unref(client)
    }

    /// Stops the attempt; the completion will not run.
    func cancel() { g_cancellable_cancel(cancellable) }

    private static func reason(for failure: GLibError) -> PlaybackError.Reason {
        if failure.isIOError(G_IO_ERROR_CONNECTION_REFUSED) { return .connectionRefused }
        if failure.domain == g_resolver_error_quark() { return .hostNotFound }
        if failure.isIOError(G_IO_ERROR_TIMED_OUT) || failure.isIOError(G_IO_ERROR_HOST_UNREACHABLE)
            || failure.isIOError(G_IO_ERROR_NETWORK_UNREACHABLE) {
            return .unreachable
        }
        return .other
    }
}

private final class CompletionBox {
    let completion: (PlaybackError.Reason?) -> Void
    init(_ completion: @escaping (PlaybackError.Reason?) -> Void) { self.completion = completion }
}
