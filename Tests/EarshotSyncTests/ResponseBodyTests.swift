@testable import EarshotSync
import Testing

/// A response body is kept in the pieces it arrived in (joining a big one on the loop stalled it) and
/// joined, in order and whole, where it is read.
@Suite("Response bodies kept in pieces")
struct ResponseBodyTests {
    @Test func piecesJoinInOrderAndWhole() {
        var body = ResponseBody()
        #expect(body.joined().isEmpty && body.count == 0)
        let pieces: [[UInt8]] = [Array("{\"actions\": [".utf8), [], Array(repeating: 0x20, count: 70_000), Array("]}".utf8)]
        for piece in pieces { piece.withUnsafeBytes { body.append($0) } }
        #expect(body.count == pieces.map(\.count).reduce(0, +))
        #expect(body.joined() == pieces.flatMap { $0 })
    }

    @Test func aSinglePieceIsTheBody() {
        var body = ResponseBody()
        Array("ok".utf8).withUnsafeBytes { body.append($0) }
        #expect(body.joined() == Array("ok".utf8))
    }
}
