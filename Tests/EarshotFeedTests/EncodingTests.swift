import CGLib
import EarshotFeed
import EarshotTestSupport
import Foundation
import Testing

@Suite("Encodings: the document decides; HTTP's charset is only a hint")
struct EncodingTests {
    /// `text` converted from UTF-8 to `charset` with GLib's iconv.
    static func encode(_ text: String, as charset: String) throws -> [UInt8] {
        var written: gsize = 0
        let converted = try #require(g_convert(text, -1, charset, "UTF-8", nil, &written, nil))
        defer { g_free(converted) }
        return Array(UnsafeRawBufferPointer(start: converted, count: Int(written)))
    }

    static func document(declaring encoding: String?) -> String {
        let declaration = encoding.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
        return declaration + "<rss version=\"2.0\"><channel><title>Café Señor</title><item><guid>e1</guid>"
            + "<title>流動的資金盛宴</title></item></channel></rss>"
    }

    @Test func utf16WithAByteOrderMark() throws {
        let bytes = [0xFF, 0xFE] + Array(Self.document(declaring: nil).data(using: .utf16LittleEndian)!)
        let channel = try FeedParser.parse(bytes, baseURL: nil).get().channel
        #expect(channel.title == "Café Señor")
        #expect(channel.episodes.first?.title == "流動的資金盛宴")
    }

    @Test func declaredISO88591() throws {
        let bytes = try Self.encode(Self.document(declaring: "ISO-8859-1").replacingOccurrences(of: "流動的資金盛宴", with: "Ça va"),
                                    as: "ISO-8859-1")
        let channel = try FeedParser.parse(bytes, baseURL: nil).get().channel
        #expect(channel.title == "Café Señor")
        #expect(channel.episodes.first?.title == "Ça va")
    }

    @Test func declaredBig5() throws {
        let text = Self.document(declaring: "Big5").replacingOccurrences(of: "Café Señor", with: "讀書與科技")
        let bytes = try Self.encode(text, as: "BIG5")
        let channel = try FeedParser.parse(bytes, baseURL: nil).get().channel
        #expect(channel.title == "讀書與科技")
        #expect(channel.episodes.first?.title == "流動的資金盛宴")
    }

    @Test func httpCharsetIsUsedWhenTheDocumentNamesNone() throws {
        let latin1 = try Self.encode(Self.document(declaring: nil).replacingOccurrences(of: "流動的資金盛宴", with: "Ça va"),
                                     as: "ISO-8859-1")
        let channel = try FeedParser.parse(latin1, baseURL: nil, charsetHint: "ISO-8859-1").get().channel
        #expect(channel.title == "Café Señor")
    }

    @Test func theDocumentsDeclarationBeatsTheHTTPCharset() throws {
        let utf8 = Array(Self.document(declaring: "UTF-8").utf8)
        let channel = try FeedParser.parse(utf8, baseURL: nil, charsetHint: "ISO-8859-1").get().channel
        #expect(channel.title == "Café Señor")
        #expect(channel.episodes.first?.title == "流動的資金盛宴")
    }

    @Test func httpCharsetArrivesThroughTheLoader() throws {
        let server = try FixtureServer()
        let latin1 = try Self.encode(Self.document(declaring: nil).replacingOccurrences(of: "流動的資金盛宴", with: "Ça va"),
                                     as: "ISO-8859-1")
        server.serve("/feed.xml", body: latin1, contentType: "application/rss+xml; charset=ISO-8859-1")
        let fetched = try LoaderHarness.fetched(server.url("/feed.xml"))
        #expect(fetched.feed.channel.title == "Café Señor")
    }

    /// A Shift_JIS feed whose second episode's title holds bytes Shift_JIS cannot decode. libxml2 stops
    /// reading there, so adopting what it read would drop the episodes after them.
    static let undecodable: [UInt8] = Array("""
        <?xml version="1.0" encoding="Shift_JIS"?>
        <rss version="2.0"><channel><title>Show</title>
        <item><guid>e1</guid><title>First</title></item>
        <item><guid>e2</guid><title>
        """.utf8) + [0x81, 0x00, 0xFF, 0xFF] + Array("</title></item><item><guid>e3</guid></item></channel></rss>".utf8)

    @Test(arguments: [0, 7])
    func bytesTheDeclaredEncodingCannotDecodeRefuseTheFeedInPlainWords(piece: Int) throws {
        let parser = FeedParser(baseURL: nil)
        Self.undecodable.withUnsafeBytes { buffer in
            let size = piece == 0 ? buffer.count : piece
            for start in stride(from: 0, to: buffer.count, by: size) {
                parser.feed(UnsafeRawBufferPointer(rebasing: buffer[start..<min(buffer.count, start + size)]))
            }
        }
        guard case .failure(.invalidData(let reason, _, _)) = parser.finish() else {
            Issue.record("a feed libxml2 could not read to the end was accepted")
            return
        }
        #expect(reason.contains("not valid Shift_JIS (0x81 0x00"), "\(reason)")
    }

    @Test func bytesTheDeclaredEncodingCannotDecodeRefuseAnOPMLFileNamingTheLine() throws {
        let document = Array("""
            <?xml version="1.0" encoding="Shift_JIS"?>
            <opml version="2.0"><head><title>
            """.utf8) + [0x81, 0x00, 0xFF, 0xFF] + Array("</title></head><body/></opml>".utf8)
        let error = try #require(OPMLFixture.failure(document))
        guard case .refused(let line, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(line >= 1)
        #expect(reason.contains("not valid Shift_JIS (0x81 0x00"), "\(reason)")
    }
}
