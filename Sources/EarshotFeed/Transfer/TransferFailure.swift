import EarshotGLib

/// Words for a failed transfer, shared by feeds and cover art: names the host and the cause a person can
/// act on (no answer in time, refused, unknown server), with GLib's own message.
public enum TransferFailure {
    public static func describe(_ error: GLibError?, host: String, timeoutSeconds: UInt32) -> String {
        guard let error else { return "the transfer from \(host) failed" }
        if error.isTimedOut {
            return "\(host) did not answer within \(timeoutSeconds) s (\(error.message))"
        }
        if error.isConnectionRefused {
            return "\(host) refused the connection (\(error.message))"
        }
        if error.isResolverError {
            return "cannot find the server \(host) (\(error.message))"
        }
        return "\(host): \(error.message)"
    }
}
