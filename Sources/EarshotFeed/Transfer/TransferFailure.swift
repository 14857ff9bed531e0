import CGLib
import EarshotGLib

/// Words for a failed transfer, shared by feeds and cover art: names the host and the cause a person can
/// act on (no answer in time, refused, unknown server), with GLib's own message.
enum TransferFailure {
    static func describe(_ error: GLibError?, host: String, timeoutSeconds: UInt32) -> String {
        guard let error else { return "the transfer from \(host) failed" }
        if error.isIOError(G_IO_ERROR_TIMED_OUT) {
            return "\(host) did not answer within \(timeoutSeconds) s (\(error.message))"
        }
        if error.isIOError(G_IO_ERROR_CONNECTION_REFUSED) {
            return "\(host) refused the connection (\(error.message))"
        }
        if error.domain == g_resolver_error_quark() {
            return "cannot find the server \(host) (\(error.message))"
        }
        return "\(host): \(error.message)"
    }
}
