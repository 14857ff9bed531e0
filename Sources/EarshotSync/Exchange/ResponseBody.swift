/// A response body as it arrived, in the pieces it was read in. Joining a 13 MB reply (a first sync's
/// 60,000 episode actions) into one array touches that much fresh memory; growing one array as the
/// pieces came stalled the loop for up to 46 ms in page faults. The pieces are joined where the body is
/// read: on the network thread, for sync's replies. The answer's `Retry-After` comes with it.
public struct ResponseBody: Sendable {
    private var pieces: [[UInt8]] = []
    /// How many bytes arrived.
    public private(set) var count = 0
    /// The answer's `Retry-After` header, as sent (nil: none).
    public internal(set) var retryAfter: String?

    public init() {}

    mutating func append(_ piece: UnsafeRawBufferPointer) {
        pieces.append([UInt8](piece))
        count += piece.count
    }

    /// The whole body in one array (a copy of it all, for a body of several pieces).
    public func joined() -> [UInt8] {
        if pieces.count == 1 { return pieces[0] }
        var all: [UInt8] = []
        all.reserveCapacity(count)
        for piece in pieces { all += piece }
        return all
    }
}
