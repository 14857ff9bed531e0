import EarshotFeed
import Foundation
import Testing

@Suite("OPML read a piece at a time")
struct OPMLStreamReaderTests {
    /// Reads `bytes` in pieces of `size`.
    static func read(_ bytes: [UInt8], inPiecesOf size: Int) -> Result<OPMLParseResult, OPMLError> {
        let reader = OPMLStreamReader()
        bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count, !reader.hasFailed {
                reader.read(UnsafeRawBufferPointer(rebasing: all[start..<min(start + size, all.count)]))
                start += size
            }
        }
        do throws(OPMLError) { return .success(try reader.finish()) } catch { return .failure(error) }
    }

    @Test(arguments: ["gpodder.opml", "quirks.opml", "folders.opml", "utf16le-bom.opml", "utf8-bom.opml", "latin1-declared.opml",
                      "utf16be-declared.opml", "broken.opml", "web-page.html", "feed-not-opml.xml"])
    func anyPieceSizeReadsAFileAsReadingItWhole(name: String) throws {
        let bytes = try OPMLFixture.bytes(name)
        let whole = Self.read(bytes, inPiecesOf: bytes.count)
        for size in [1, 3, 7, 4096] {
            #expect(Self.read(bytes, inPiecesOf: size) == whole, "\(name) in pieces of \(size)")
        }
    }

    @Test func aFaultFarIntoALargeFileNamesItsLineAndEndsTheReadingThere() {
        let outlines = (1...5000).map { "<outline type=\"rss\" text=\"Show \($0)\" xmlUrl=\"https://example.com/\($0).xml\"/>" }
        let document = "<opml version=\"2.0\"><body>\n" + outlines.joined(separator: "\n") + "\n<outline text=\"Tom & Jerry\"/>\n"
            + outlines.joined(separator: "\n") + "\n</body></opml>\n"
        let reader = OPMLStreamReader()
        let bytes = Array(document.utf8)
        var given = 0
        bytes.withUnsafeBytes { all in
            while given < all.count, !reader.hasFailed {
                reader.read(UnsafeRawBufferPointer(rebasing: all[given..<min(given + 1000, all.count)]))
                given += 1000
            }
        }
        #expect(given < bytes.count * 3 / 4, "the rest of the file need not be read")
        #expect(throws: OPMLError.self) { try reader.finish() }
        #expect(Self.read(bytes, inPiecesOf: 777).failureLine == 5002)
    }

    @Test func aTagWithTooManyAttributesIsRefusedNamingItsLineWhateverThePieces() {
        let attributes = (0..<300).map { " a\($0)=\"1\"" }.joined()
        let document = Array("<opml version=\"2.0\"><body>\n\n<outline\(attributes) xmlUrl=\"https://example.com/x\"/>\n</body></opml>".utf8)
        for size in [5, 64 << 10] {
            guard case .failure(.refused(let line, _)) = Self.read(document, inPiecesOf: size) else {
                Issue.record("expected a refusal in pieces of \(size)")
                continue
            }
            #expect(line == 3)
        }
    }

    @Test func aFileOfWhiteSpaceInManyPiecesIsEmpty() {
        let result = Self.read(Array(repeating: UInt8(ascii: " "), count: 200_000) + [0x0A], inPiecesOf: 10_000)
        #expect(result == .failure(.notOPML(line: nil, reason: "the file is empty, not an OPML subscription list")))
    }
}

private extension Result where Failure == OPMLError {
    var failureLine: Int? {
        if case .failure(let error) = self { return error.line }
        return nil
    }
}
