import Foundation

/// The plain cause of a failed file read or write: the system's words ("No such file or directory")
/// when Foundation wraps them, else Foundation's description.
enum FileErrorText {
    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
