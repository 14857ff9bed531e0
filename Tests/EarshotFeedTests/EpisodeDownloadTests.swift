import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

@Suite("Episode downloads (SoupServer on 127.0.0.1, a temp directory per test)")
final class EpisodeDownloadTests {
    let server: FixtureServer
    let root: URL
    let destination: URL
    /// 1 MiB of audio-looking bytes (an MP3 frame header, then a pattern that differs at every offset).
    let audio: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + (4..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

    init() throws {
        server = try FixtureServer()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        destination = root.appendingPathComponent("episodes/show/episode.mp3")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var part: URL { URL(fileURLWithPath: destination.path + ".part") }
    var record: URL { URL(fileURLWithPath: destination.path + ".part.json") }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    static func ranged(_ body: [UInt8], etag: String = "\"v1\"", honoursRange: Bool = true) -> FixtureResponse {
        .ranged(SharedBody(body), contentType: "audio/mpeg", headers: ["ETag": etag], honoursRange: honoursRange)
    }

    /// Serves the first half of `audio` under a Content-Length for all of it, then closes the connection;
    /// runs a download that ends interrupted, leaving half a part behind.
    func interruptHalfway(validators: [String: String] = ["ETag": "\"v1\""]) throws {
        let half = audio.count / 2
        server.route("/episode.mp3") { [audio] _ in
            .raw(rawResponse("200 OK", headers: ["Content-Length": "\(audio.count)", "Content-Type": "audio/mpeg"]
                                .merging(validators) { $1 }, body: Array(audio.prefix(half))))
        }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        guard case .interrupted(let received, let expected, _)? = error else {
            Issue.record("expected an interrupted download, got \(String(describing: error))")
            throw CancellationError()
        }
        #expect(received == Int64(half))
        #expect(expected == Int64(audio.count))
        #expect(try Data(contentsOf: part) == Data(audio.prefix(half)), "the part keeps what arrived")
        #expect(!exists(destination))
    }

    // MARK: Complete downloads

    @Test func aCompleteDownloadIsRenamedIntoPlaceAndLeavesNoPartBehind() throws {
        server.route("/episode.mp3") { [audio] _ in Self.ranged(audio) }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(audio))
        #expect(!exists(part) && !exists(record))
        #expect(harness.progress.last == DownloadProgress(bytesWritten: Int64(audio.count), totalBytes: Int64(audio.count)))
        let request = try #require(server.requests.last)
        #expect(request.headers["range"] == nil)
        #expect(request.headers["accept-encoding"] == nil, "offsets count the file's own bytes, never a compressed form")
        #expect(request.headers["user-agent"] == EarshotVersion.userAgent)
    }

    @Test func redirectsBetweenHTTPAddressesAreFollowed() throws {
        server.route("/old.mp3") { _ in .redirect(status: 302, to: "/new.mp3") }
        server.route("/new.mp3") { [audio] _ in Self.ranged(audio) }
        let harness = DownloadHarness.run(server.url("/old.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(audio))
    }

    @Test func progressIsReportedAtMostAFewTimesASecond() throws {
        server.route("/episode.mp3") { [audio] _ in
            .paced(audio, contentType: "audio/mpeg", bytesPerTick: 32 << 10, intervalMilliseconds: 40)
        }
        let started = Date()
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        let elapsed = Date().timeIntervalSince(started)
        #expect(try harness.result?.get() == destination)
        #expect(harness.progress.count >= 2)
        #expect(Double(harness.progress.count) <= elapsed * 4 + 2, "\(harness.progress.count) reports in \(elapsed) s")
        #expect(harness.progress.map(\.bytesWritten) == harness.progress.map(\.bytesWritten).sorted())
    }

    // MARK: Resuming

    @Test func anInterruptedDownloadResumesWithRangeAndIfRangeIntoAByteIdenticalFile() throws {
        try interruptHalfway()
        server.route("/episode.mp3") { [audio] _ in Self.ranged(audio) }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        let request = try #require(server.requests.last)
        #expect(request.headers["range"] == "bytes=\(audio.count / 2)-")
        #expect(request.headers["if-range"] == "\"v1\"")
        #expect(try Data(contentsOf: destination) == Data(audio))
        #expect(!exists(part) && !exists(record))
        #expect(harness.progress.first.map { $0.bytesWritten > Int64(audio.count / 2) } ?? true)
    }

    @Test func withoutAnETagTheLastModifiedDateGuardsTheResume() throws {
        let date = "Sun, 07 Mar 2021 22:00:12 GMT"
        try interruptHalfway(validators: ["Last-Modified": date])
        server.route("/episode.mp3") { [audio] _ in
            .ranged(SharedBody(audio), contentType: "audio/mpeg", headers: ["Last-Modified": date])
        }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(server.requests.last?.headers["if-range"] == date)
        #expect(server.requests.last?.headers["range"] == "bytes=\(audio.count / 2)-")
        #expect(try Data(contentsOf: destination) == Data(audio))
    }

    @Test func aPartWithoutAnyValidatorIsDownloadedAgainFromZero() throws {
        try interruptHalfway(validators: [:])
        server.route("/episode.mp3") { [audio] _ in Self.ranged(audio) }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(server.requests.last?.headers["range"] == nil, "without a validator a resume could splice two files")
        #expect(try Data(contentsOf: destination) == Data(audio))
    }

    @Test func aServerWithoutRangeSupportRestartsThePartFromZero() throws {
        try interruptHalfway()
        server.route("/episode.mp3") { [audio] _ in Self.ranged(audio, honoursRange: false) }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(server.requests.last?.headers["range"] != nil, "it asked for the rest")
        #expect(try Data(contentsOf: destination) == Data(audio), "and took the whole file from 0")
    }

    @Test func aChangedETagRestartsTheDownloadWithTheNewFile() throws {
        try interruptHalfway(validators: ["ETag": "\"v1\""])
        let changed = audio.reversed() as [UInt8]
        server.route("/episode.mp3") { _ in Self.ranged(changed, etag: "\"v2\"") }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(server.requests.last?.headers["if-range"] == "\"v1\"")
        #expect(try Data(contentsOf: destination) == Data(changed), "never half of one file and half of another")
    }

    /// Serves `changed` under `validators`: a Range request gets a 206 with the rest of it (as a server
    /// that ignores If-Range would send), a plain request the whole file.
    func serveChangedFileIgnoringIfRange(_ changed: [UInt8], validators: [String: String]) {
        server.route("/episode.mp3") { request in
            guard request.headers["range"] != nil else {
                return .raw(rawResponse("200 OK", headers: ["Content-Length": "\(changed.count)", "Content-Type": "audio/mpeg"]
                                            .merging(validators) { $1 }, body: changed))
            }
            let half = changed.count / 2
            return .raw(rawResponse("206 Partial Content", headers: [
                "Content-Range": "bytes \(half)-\(changed.count - 1)/\(changed.count)", "Content-Length": "\(changed.count - half)",
                "Content-Type": "audio/mpeg"].merging(validators) { $1 }, body: Array(changed[half...])))
        }
    }

    @Test func a206WithAnotherETagIsNeverAppendedToThePartAndTheWholeFileIsFetched() throws {
        try interruptHalfway(validators: ["ETag": "\"v1\""])
        let changed = audio.reversed() as [UInt8]
        serveChangedFileIgnoringIfRange(changed, validators: ["ETag": "\"v2\""])
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(changed), "never half of one version and half of another")
        #expect(server.requests.last?.headers["range"] == nil, "the second request asked for the whole file")
    }

    @Test func a206WithAnotherLastModifiedDateIsNeverAppendedToThePart() throws {
        try interruptHalfway(validators: ["Last-Modified": "Sun, 07 Mar 2021 22:00:12 GMT"])
        let changed = audio.reversed() as [UInt8]
        serveChangedFileIgnoringIfRange(changed, validators: ["Last-Modified": "Mon, 08 Mar 2021 09:30:00 GMT"])
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(server.requests.dropLast().last?.headers["if-range"] == "Sun, 07 Mar 2021 22:00:12 GMT")
        #expect(try Data(contentsOf: destination) == Data(changed), "never half of one version and half of another")
    }

    @Test func a206WithoutTheValidatorThePartWasResumedWithStartsOver() throws {
        try interruptHalfway(validators: ["ETag": "\"v1\""])
        let changed = audio.reversed() as [UInt8]
        serveChangedFileIgnoringIfRange(changed, validators: [:])
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(changed), "a 206 that cannot show it is the same file is not combined")
    }

    @Test func a206ForTheWrongRangeStartsOverSafely() throws {
        try interruptHalfway()
        server.route("/episode.mp3") { [audio] request in
            guard request.headers["range"] != nil else { return Self.ranged(audio) }
            return .raw(rawResponse("206 Partial Content", headers: [
                "Content-Range": "bytes 0-99/\(audio.count)", "Content-Length": "100", "Content-Type": "audio/mpeg",
                "ETag": "\"v1\""], body: Array(audio.prefix(100))))
        }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination)
        #expect(try harness.result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(audio))
        #expect(server.requests.last?.headers["range"] == nil, "the second request asked for the whole file")
    }

    @Test func aServerThatKeepsSendingTheWrongRangeIsABadRange() throws {
        try interruptHalfway()
        server.route("/episode.mp3") { [audio] _ in
            .raw(rawResponse("206 Partial Content", headers: [
                "Content-Range": "bytes 10-109/\(audio.count)", "Content-Length": "100", "Content-Type": "audio/mpeg"],
                body: Array(audio.prefix(100))))
        }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        guard case .badRange? = error else {
            Issue.record("expected a bad range, got \(String(describing: error))")
            return
        }
        #expect(!exists(destination))
    }

    @Test(arguments: [ChunkedAnswer.Ending.afterAChunk, .beforeAChunksLineEnd])
    func aChunkedDownloadCutBetweenChunksIsInterruptedKeepsItsPartAndResumes(ending: ChunkedAnswer.Ending) throws {
        let cut = 100_000
        server.route("/episode.mp3") { [audio] _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "audio/mpeg", "ETag": "\"v1\""], body: Array(audio.prefix(cut)),
                                     chunkSize: 25_000, ending: ending))
        }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        guard case .interrupted(let received, nil, _)? = error else {
            Issue.record("expected an interrupted download, got \(String(describing: error))")
            return
        }
        #expect(received == Int64(cut))
        #expect(!exists(destination), "a body without its last chunk is never played as whole")
        #expect(try Data(contentsOf: part) == Data(audio.prefix(cut)), "the part keeps what arrived")

        server.route("/episode.mp3") { [audio] _ in Self.ranged(audio) }
        #expect(try DownloadHarness.run(server.url("/episode.mp3"), to: destination).result?.get() == destination)
        #expect(server.requests.last?.headers["range"] == "bytes=\(cut)-")
        #expect(try Data(contentsOf: destination) == Data(audio))
    }

    @Test func aChunkedDownloadWithItsLastChunkIsComplete() throws {
        server.route("/episode.mp3") { [audio] _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "audio/mpeg"], body: audio, chunkSize: 25_000, ending: .lastChunk))
        }
        #expect(try DownloadHarness.run(server.url("/episode.mp3"), to: destination).result?.get() == destination)
        #expect(try Data(contentsOf: destination) == Data(audio))
    }

    @Test func cancelKeepsThePartForALaterResume() throws {
        server.route("/episode.mp3") { [audio] _ in
            .paced(audio, contentType: "audio/mpeg", bytesPerTick: 16 << 10, intervalMilliseconds: 20,
                   headers: ["ETag": "\"v1\""])
        }
        let harness = DownloadHarness.run(server.url("/episode.mp3"), to: destination) { download, progress in
            if progress.bytesWritten > 0 { download.cancel() }
        }
        #expect(harness.error == .cancelled)
        let kept = try Data(contentsOf: part)
        #expect(kept.count > 0 && kept.count < audio.count)
        #expect(kept == Data(audio.prefix(kept.count)))
        #expect(exists(record) && !exists(destination))
    }

    // MARK: Faults

    @Test(arguments: [404, 500])
    func httpErrorsKeepTheirStatus(status: Int) throws {
        server.route("/episode.mp3") { _ in .status(status) }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        guard case .http(let code, let reason)? = error else {
            Issue.record("expected an HTTP error, got \(String(describing: error))")
            return
        }
        #expect(code == status && !reason.isEmpty)
        #expect(!exists(destination))
    }

    @Test func aRedirectLoopIsNamed() throws {
        server.route("/a.mp3") { _ in .redirect(status: 302, to: "/b.mp3") }
        server.route("/b.mp3") { _ in .redirect(status: 302, to: "/a.mp3") }
        let error = DownloadHarness.run(server.url("/a.mp3"), to: destination).error
        guard case .redirectLoop? = error else {
            Issue.record("expected a redirect loop, got \(String(describing: error))")
            return
        }
    }

    @Test func aRedirectToALocalFileIsRefused() throws {
        let local = root.appendingPathComponent("secret.mp3")
        try Data(audio).write(to: local)
        server.route("/episode.mp3") { _ in .redirect(status: 302, to: local.absoluteString) }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        #expect(error == .transfer(.redirectRefused(from: server.url("/episode.mp3").absoluteString, to: local.absoluteString)))
        #expect(!exists(destination) && !exists(part))
    }

    @Test func anHTMLPageServedAsHTMLIsNotAudio() throws {
        server.route("/episode.mp3") { _ in .body(Array("<html><body>Sign in</body></html>".utf8), contentType: "text/html") }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        #expect(error == .notAudio("a web page (text/html)"))
        #expect(!exists(destination))
    }

    @Test(arguments: ["<!DOCTYPE html><html><body>Oops</body></html>", "\n  <html><body>Oops</body></html>"])
    func anHTMLPageServedAsAudioIsNotAudio(page: String) throws {
        server.route("/episode.mp3") { _ in .body(Array(page.utf8), contentType: "audio/mpeg") }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination).error
        #expect(error == .notAudio("a web page (its first bytes are HTML)"))
        #expect(!exists(destination))
        #expect(((try? Data(contentsOf: part)) ?? Data()).isEmpty, "nothing of the page is written")
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        server.route("/episode.mp3") { _ in .neverAnswer }
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination, timeoutSeconds: 1).error
        guard case .connectivity(let message)? = error else {
            Issue.record("expected a connectivity error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("did not answer within 1 s"))
    }

    @Test func aRefusedConnectionIsAConnectivityError() throws {
        let error = DownloadHarness.run(FixtureServer.closedPortURL("/episode.mp3"), to: destination).error
        guard case .connectivity(let message)? = error else {
            Issue.record("expected a connectivity error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("refused"))
    }

    @Test func aDripFailsTheMinimumRate() throws {
        server.route("/episode.mp3") { [audio] _ in
            .paced(audio, contentType: "audio/mpeg", bytesPerTick: 1, intervalMilliseconds: 50)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 60, deadlineBytesPerSecond: 1 << 20, minimumBytesPerSecond: 1000,
                                    rateWindowSeconds: 0.5)
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination, limits: limits).error
        #expect(error == .transfer(.tooSlow(minimumBytesPerSecond: 1000, windowSeconds: 0.5)))
        #expect(!exists(destination))
    }

    @Test func theDeadlineGrowsWithTheSizeAndEndsATooSlowDownload() throws {
        // 1 MiB at 64 KiB/s takes 16 s; the deadline is 0.5 s + 1 MiB at 1 MiB/s = 1.5 s.
        server.route("/episode.mp3") { [audio] _ in
            .paced(audio, contentType: "audio/mpeg", bytesPerTick: 4 << 10, intervalMilliseconds: 62)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 0.5, deadlineBytesPerSecond: 1 << 20, minimumBytesPerSecond: 1000,
                                    rateWindowSeconds: 0.5)
        let started = Date()
        let error = DownloadHarness.run(server.url("/episode.mp3"), to: destination, limits: limits).error
        #expect(error == .transfer(.deadlineExceeded(seconds: 1.5)))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(exists(part) && !exists(destination))
    }

    @Test func otherSchemesAreRefused() throws {
        let error = DownloadHarness.run(URL(string: "ftp://example.com/episode.mp3")!, to: destination).error
        #expect(error == .unsupportedScheme("ftp"))
    }

    @Test func thePartFilesAreNamedAfterTheDestination() {
        #expect(EpisodeDownload.partFiles(for: URL(fileURLWithPath: "/d/e.mp3")).map(\.path) == ["/d/e.mp3.part", "/d/e.mp3.part.json"])
    }

    @Test func errorsReadAsPlainWords() {
        #expect(DownloadError.diskFull(path: "/x/e.mp3.part").description
                == "the disk is full: could not write /x/e.mp3.part (the part is kept; nothing was saved as complete)")
        #expect(DownloadError.http(status: 404, reason: "Not Found").description == "the server answered HTTP 404 Not Found")
        #expect(DownloadError.transfer(.deadlineExceeded(seconds: 120)).description
                == "could not download the episode: the transfer took longer than its limit of 120 s")
    }
}
