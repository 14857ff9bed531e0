import CGLib
import EarshotGLib
import Glibc

// GIO's error constants are checked in a file that imports GLib only (see GLibError).
extension GLibError {
    /// The disk or the process's file size limit is full: `ENOSPC`, or `EFBIG`, for which GLib 2.74 has
    /// no code of its own (it reports G_IO_ERROR_FAILED with the system's words for it).
    var isDiskFull: Bool {
        isIOError(G_IO_ERROR_NO_SPACE) || (isIOError(G_IO_ERROR_FAILED) && message.hasSuffix(String(cString: strerror(EFBIG))))
    }
    /// The operation was cancelled through its `GCancellable`.
    var isCancelled: Bool { isIOError(G_IO_ERROR_CANCELLED) }
}
