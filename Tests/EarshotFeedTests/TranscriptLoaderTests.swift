import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

/// `TranscriptLoader` against a local server (SoupServer on 127.0.0.1) and local files.
@Suite("Transcripts fetched over real HTTP and from files")
struct TranscriptLoaderTests {
    let server: FixtureServer

    init() throws { server = try FixtureServer() }

    private func fetch(_ link: TranscriptLink) -> Result<[TranscriptSegment], TranscriptFetchError>? {
        let context = MainContext()
        return context.withThreadDefault {
            let loader = TranscriptLoader(sharing: FeedLoader())
            var result: Result<[TranscriptSegment], TranscriptFetchError>?
            loader.fetch(link) { result = $0 }
            _ = context.iterate(until: { result != nil }, timeoutSeconds: 20)
            return result
        }
    }

    @Test func aTranscriptIsFetchedThroughARedirectAndReadInTheFormatTheFeedNames() throws {
        server.route("/old.vtt") { _ in .redirect(status: 302, to: "/12/transcript") }
        server.serve("/12/transcript", body: try Fixture.bytes("transcripts/styled.vtt"), contentType: "application/octet-stream")
        let segments = try #require(fetch(TranscriptLink(url: server.url("/old.vtt"), type: "text/vtt"))).get()
        #expect(segments.count == 7)
        #expect(segments.first == TranscriptSegment(start: 0.5, end: 4.25, speaker: "Maren",
                                                    text: "Welcome back to Harbour Lights, the show about lighthouses."))
    }

    @Test func withoutATypeInTheFeedTheServersTypeDecides() throws {
        server.serve("/12/t", body: try Fixture.bytes("transcripts/cited.html"), contentType: "text/html; charset=utf-8")
        let segments = try #require(fetch(TranscriptLink(url: server.url("/12/t")))).get()
        #expect(segments.map(\.speaker) == ["Maren", "Olu", nil, nil])
    }

    @Test func anErrorStatusIsNamed() {
        #expect(fetch(TranscriptLink(url: server.url("/missing.srt"), type: "application/srt"))
            == .failure(.transfer("the server answered 404 Not Found")))
    }

    @Test func aTranscriptLargerThanTheLimitIsNotRead() {
        server.serve("/huge.txt", body: Array(repeating: 0x61, count: Int(TranscriptLoader.maximumBytes) + 1), contentType: "text/plain")
        #expect(fetch(TranscriptLink(url: server.url("/huge.txt"), type: "text/plain")) == .failure(.tooLarge(limit: TranscriptLoader.maximumBytes)))
    }

    @Test func aDocumentThatIsNotATranscriptIsNamed() {
        server.serve("/12.json", body: Array("<html>Sorry</html>".utf8), contentType: "text/html")
        #expect(fetch(TranscriptLink(url: server.url("/12.json"), type: "application/json"))
            == .failure(.document(.notATranscript("not JSON"))))
    }

    @Test func aServerNobodyListensOnIsATransferError() {
        guard case .failure(.transfer)? = fetch(TranscriptLink(url: FixtureServer.closedPortURL("/t.vtt"), type: "text/vtt")) else {
            Issue.record("expected a transfer error")
            return
        }
    }

    @Test func aTranscriptKeptBesideADownloadIsReadFromItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("episode 12.srt")
        try Data(Fixture.bytes("transcripts/speaker-names.srt")).write(to: file)
        let segments = try #require(fetch(TranscriptLink(url: file))).get()
        #expect(segments.map(\.speaker) == ["Maren", "Maren", "Olu Ade", "Maren"])
    }

    @Test func aMissingFileOrAFIFOIsATransferErrorNotAWait() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("t.vtt")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(fetch(TranscriptLink(url: fifo)) == .failure(.transfer("\(fifo.path) is not a regular file")))
        guard case .failure(.transfer(let words))? = fetch(TranscriptLink(url: folder.appendingPathComponent("none.vtt"))) else {
            Issue.record("expected a transfer error")
            return
        }
        #expect(words.contains("No such file"))
    }
}
