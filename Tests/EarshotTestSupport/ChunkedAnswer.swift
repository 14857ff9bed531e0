/// The bytes of a raw `Transfer-Encoding: chunked` answer for `FixtureResponse.raw`: complete, or cut off
/// where a connection that drops between two chunks leaves it (the server writes them, then closes).
public enum ChunkedAnswer {
    /// Where the answer's bytes stop.
    public enum Ending: Sendable, CaseIterable {
        /// After the terminating zero-length chunk and the empty line: a complete body.
        case lastChunk
        /// After a chunk's closing CRLF, where the next chunk-size line would start.
        case afterAChunk
        /// After a chunk's data, before its closing CRLF.
        case beforeAChunksLineEnd
    }

    /// A status line, `headers` (with `Transfer-Encoding: chunked` and `Connection: close`), then `body`
    /// in chunks of `chunkSize` bytes, ending as `ending` says.
    public static func bytes(status: String = "200 OK", headers: [String: String], body: [UInt8], chunkSize: Int,
                             ending: Ending) -> [UInt8] {
        var head = "HTTP/1.1 \(status)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        var start = 0
        while start < body.count {
            let end = min(start + chunkSize, body.count)
            bytes += Array("\(String(end - start, radix: 16))\r\n".utf8) + body[start..<end] + Array("\r\n".utf8)
            start = end
        }
        switch ending {
        case .lastChunk: bytes += Array("0\r\n\r\n".utf8)
        case .afterAChunk: break
        case .beforeAChunksLineEnd: bytes.removeLast(2)
        }
        return bytes
    }
}
