/// How far a download is: bytes in the part file so far (resumed bytes included) and the whole size when
/// the server announced it.
public struct DownloadProgress: Sendable, Equatable {
    /// Bytes on disk so far.
    public var bytesWritten: Int64
    /// The episode's size, when known.
    public var totalBytes: Int64?

    /// Progress as given.
    public init(bytesWritten: Int64, totalBytes: Int64?) {
        self.bytesWritten = bytesWritten
        self.totalBytes = totalBytes
    }
}
