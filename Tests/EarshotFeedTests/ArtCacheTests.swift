import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

@Suite("Cover art cache (SoupServer on 127.0.0.1, a temp directory per test)")
final class ArtCacheTests {
    /// A valid 1×1 RGBA PNG (IHDR, IDAT and IEND with correct CRCs).
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x64, 0x60, 0xF8, 0x5F,
        0x0F, 0x00, 0x02, 0x87, 0x01, 0x80, 0xEB, 0x47, 0xBA, 0x92, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    let server: FixtureServer
    /// This test's own temp directory; the cache lives in `art/` below it, which does not exist yet.
    let root: URL
    let directory: URL

    init() throws {
        server = try FixtureServer()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-art-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        directory = root.appendingPathComponent("art")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    // MARK: Downloads

    @Test func aPNGIsCachedUnderTheSHA256OfItsURLAndFoundAgain() throws {
        server.serve("/cover", body: Self.png, contentType: "image/png")
        let remote = server.url("/cover")
        try withCache { cache, context throws in
            #expect(cache.cachedFile(for: remote) == nil)
            let file = try fetched(remote, cache, context)
            #expect(file.isFileURL)
            #expect(file == directory.appendingPathComponent("\(try sha256(remote.absoluteString)).png"))
            #expect(try Data(contentsOf: file) == Data(Self.png))
            #expect(cache.cachedFile(for: remote) == file)
            #expect(try entries() == [file.lastPathComponent], "no temporary file is left behind")
            let request = try #require(server.requests.first)
            #expect(request.headers["user-agent"] == EarshotVersion.userAgent)
            #expect(request.headers["accept"]?.contains("image/") == true)
        }
    }

    @Test func theSecondFetchDoesNotTouchTheServerEvenAfterARestart() throws {
        server.serve("/cover.png", body: Self.png, contentType: "image/png")
        let remote = server.url("/cover.png")
        let first = try withCache { cache, context throws in try fetched(remote, cache, context) }
        try withCache { cache, context throws in
            #expect(try fetched(remote, cache, context) == first)
        }
        try withCache { cache, context throws in
            #expect(cache.cachedFile(for: remote) == first)
            #expect(try fetched(remote, cache, context) == first)
        }
        #expect(server.requests.count == 1)
    }

    @Test func whilePausedAnImageNotCachedIsNotDownloadedAndOneCachedIsStillGiven() throws {
        server.serve("/cached.png", body: Self.png, contentType: "image/png")
        server.serve("/new.png", body: Self.png, contentType: "image/png")
        let cached = server.url("/cached.png"), new = server.url("/new.png")
        try withCache { cache, context throws in
            let file = try fetched(cached, cache, context)
            cache.paused = true
            #expect(try failure(new, cache, context) == .paused)
            #expect(try fetched(cached, cache, context) == file, "what the cache holds is still handed out")
            #expect(server.requests.map(\.path) == ["/cached.png"], "nothing downloaded while paused")
            cache.paused = false
            #expect(try fetched(new, cache, context).isFileURL, "asked for again once no longer paused, it is downloaded")
        }
    }

    @Test func concurrentFetchesOfOneURLShareOneDownload() throws {
        server.serve("/cover.png", body: Self.png, contentType: "image/png")
        let remote = server.url("/cover.png")
        try withCache { cache, context throws in
            var results: [Result<URL, ArtError>] = []
            for _ in 0..<3 { cache.fetch(remote) { results.append($0) } }
            #expect(results.isEmpty, "completions never run synchronously")
            #expect(context.iterate(until: { results.count == 3 }, timeoutSeconds: 30))
            let files = try results.map { try $0.get() }
            #expect(Set(files).count == 1)
            for _ in 0..<5 { context.iterate(mayBlock: false) }
            #expect(results.count == 3, "each completion runs once")
        }
        #expect(server.requests.count == 1)
    }

    @Test func redirectsAreFollowedAndTheImageIsNamedAfterTheRequestedURL() throws {
        server.route("/old.jpg") { _ in .redirect(status: 302, to: "/new.jpg") }
        server.serve("/new.jpg", body: Self.png, contentType: "image/jpeg")
        let remote = server.url("/old.jpg")
        try withCache { cache, context throws in
            let file = try fetched(remote, cache, context)
            #expect(file.lastPathComponent == "\(try sha256(remote.absoluteString)).jpg")
            #expect(cache.cachedFile(for: remote) == file)
        }
    }

    @Test(arguments: [
        ("/a", "image/jpeg", "jpg"), ("/a", "image/webp", "webp"), ("/a", "image/gif", "gif"),
        ("/a", "image/svg+xml", "svg"), ("/a.PNG", "image/png", "png"), ("/favicon.ico", "image/x-icon", "ico"),
        ("/a.JPEG", "image/x-unknown", "jpg"), ("/a", "image/x-unknown", "img"),
    ])
    func theExtensionComesFromTheContentTypeElseThePath(path: String, contentType: String, expected: String) throws {
        server.serve(path, body: Self.png, contentType: contentType)
        let remote = server.url(path)
        try withCache { cache, context throws in
            let file = try fetched(remote, cache, context)
            #expect(file.pathExtension == expected)
            #expect(cache.cachedFile(for: remote) == file)
        }
    }

    // MARK: Failures leave nothing behind

    @Test func notFoundIsAnHTTPError() throws {
        let remote = server.url("/missing.png")
        try withCache { cache, context throws in
            #expect(try failure(remote, cache, context) == .http(status: 404, reason: "Not Found"))
            #expect(cache.cachedFile(for: remote) == nil)
        }
        #expect(try entries().isEmpty)
    }

    @Test func anHTMLPageServedWith200IsNotAnImage() throws {
        server.serve("/cover.png", body: Array("<html><body>Oops</body></html>".utf8), contentType: "text/html")
        let remote = server.url("/cover.png")
        try withCache { cache, context throws in
            let error = try failure(remote, cache, context)
            guard case .notAnImage(let what) = error else {
                Issue.record("expected notAnImage, got \(error)")
                return
            }
            #expect(what.contains("text/html"))
            #expect(cache.cachedFile(for: remote) == nil)
        }
        #expect(try entries().isEmpty)
    }

    @Test func anEmptyImageIsRefused() throws {
        server.serve("/cover.png", body: [], contentType: "image/png")
        try withCache { cache, context throws in
            #expect(try failure(server.url("/cover.png"), cache, context) == .notAnImage("the server sent an empty body"))
        }
        #expect(try entries().isEmpty)
    }

    @Test func aChunkedImageCutBetweenChunksIsNotCached() throws {
        server.route("/cover.png") { _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "image/png"], body: Array(Self.png.prefix(40)), chunkSize: 20,
                                     ending: .afterAChunk))
        }
        try withCache { cache, context throws in
            guard case .connectivity = try failure(server.url("/cover.png"), cache, context) else {
                Issue.record("expected a connectivity error")
                return
            }
        }
        #expect(try entries().isEmpty)
    }

    @Test func anEndlessBodyIsAbortedAtTheLimitWithoutAPartialFile() throws {
        server.route("/cover.png") { _ in .endless(chunk: [UInt8](repeating: 0x42, count: 16 << 10), contentType: "image/png") }
        let started = Date()
        try withCache(maximumImageBytes: 256 << 10) { cache, context throws in
            #expect(try failure(server.url("/cover.png"), cache, context) == .tooLarge(limit: 256 << 10))
        }
        #expect(Date().timeIntervalSince(started) < 10, "the transfer is aborted, not drained")
        #expect(try entries().isEmpty)
    }

    @Test func anImageAnnouncedAsTooLargeIsRefusedUpFront() throws {
        server.serve("/big.png", body: [UInt8](repeating: 0, count: 300 << 10), contentType: "image/png")
        try withCache(maximumImageBytes: 256 << 10) { cache, context throws in
            #expect(try failure(server.url("/big.png"), cache, context) == .tooLarge(limit: 256 << 10))
        }
        #expect(try entries().isEmpty)
    }

    @Test func aRefusedConnectionIsAConnectivityError() throws {
        try withCache { cache, context throws in
            let error = try failure(FixtureServer.closedPortURL("/cover.png"), cache, context)
            guard case .connectivity(let message) = error else {
                Issue.record("expected connectivity, got \(error)")
                return
            }
            #expect(message.contains("refused"))
        }
        #expect(try entries().isEmpty)
    }

    @Test func anUnwritableDirectoryIsReported() throws {
        server.serve("/cover.png", body: Self.png, contentType: "image/png")
        let blocker = root.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        try withCache(directory: blocker.appendingPathComponent("art")) { cache, context throws in
            let error = try failure(server.url("/cover.png"), cache, context)
            guard case .cannotWrite = error else {
                Issue.record("expected cannotWrite, got \(error)")
                return
            }
        }
    }

    // MARK: Transfer limits (issue 13)

    @Test func aRedirectFromHTTPToALocalFileIsRefused() throws {
        let local = root.appendingPathComponent("secret.png")
        try Data(Self.png).write(to: local)
        server.route("/cover.png") { _ in .redirect(status: 302, to: local.absoluteString) }
        let remote = server.url("/cover.png")
        try withCache { cache, context throws in
            #expect(try failure(remote, cache, context)
                    == .transfer(.redirectRefused(from: remote.absoluteString, to: local.absoluteString)))
        }
        #expect(try entries().isEmpty)
    }

    @Test func aRedirectLoopEndsWithAClearError() throws {
        server.route("/a.png") { _ in .redirect(status: 302, to: "/b.png") }
        server.route("/b.png") { _ in .redirect(status: 302, to: "/a.png") }
        try withCache { cache, context throws in
            let error = try failure(server.url("/a.png"), cache, context)
            guard case .connectivity(let message) = error, message.contains("redirect loop") else {
                Issue.record("expected a redirect loop, got \(error)")
                return
            }
        }
    }

    @Test func anImageDrippingOneByteAtATimeFailsTheMinimumRate() throws {
        server.route("/cover.png") { _ in
            .paced(Self.png, contentType: "image/png", bytesPerTick: 1, intervalMilliseconds: 50)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 60, minimumBytesPerSecond: 1000, rateWindowSeconds: 0.5)
        try withCache(limits: limits) { cache, context throws in
            #expect(try failure(server.url("/cover.png"), cache, context)
                    == .transfer(.tooSlow(minimumBytesPerSecond: 1000, windowSeconds: 0.5)))
        }
        #expect(try entries().isEmpty)
    }

    @Test func aSlowImageMeetsTheOverallDeadline() throws {
        server.route("/cover.png") { _ in
            .paced([UInt8](repeating: 0, count: 100_000), contentType: "image/png", bytesPerTick: 500, intervalMilliseconds: 50)
        }
        let limits = TransferLimits(baseDeadlineSeconds: 1, minimumBytesPerSecond: 100, rateWindowSeconds: 0.5)
        try withCache(limits: limits) { cache, context throws in
            #expect(try failure(server.url("/cover.png"), cache, context) == .transfer(.deadlineExceeded(seconds: 1)))
        }
        #expect(try entries().isEmpty)
    }

    // MARK: Other schemes

    @Test func anExistingFileURLIsReturnedAsItIs() throws {
        let local = root.appendingPathComponent("cover art.png")
        try Data(Self.png).write(to: local)
        try withCache { cache, context throws in
            #expect(cache.cachedFile(for: local) == local)
            #expect(try fetched(local, cache, context) == local)
        }
        #expect(server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing is copied")
    }

    @Test func aMissingFileURLIsAnError() throws {
        let local = root.appendingPathComponent("nothing.png")
        try withCache { cache, context throws in
            #expect(cache.cachedFile(for: local) == nil)
            #expect(try failure(local, cache, context) == .missingFile(path: local.path))
        }
    }

    @Test(arguments: ["ftp://example.com/cover.png", "data:image/png;base64,iVBORw0KGgo="])
    func otherSchemesAreUnsupported(_ string: String) throws {
        let remote = try #require(URL(string: string))
        try withCache { cache, context throws in
            #expect(cache.cachedFile(for: remote) == nil)
            #expect(try failure(remote, cache, context) == .unsupportedScheme(remote.scheme!))
        }
    }

    // MARK: Naming and places

    @Test func theFileNameIsTheSHA256OfTheURLString() throws {
        // printf '%s' 'https://example.com/art.jpg' | sha256sum
        let hash = "b8f5559a8675f30aa8565734f3cfe3f2df5e0fcd9e8c17ab90900e3bcdeb9a2b"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(hash).jpg")
        try Data(Self.png).write(to: file)
        try withCache { cache, _ throws in
            #expect(cache.cachedFile(for: URL(string: "https://example.com/art.jpg")!) == file)
            #expect(cache.cachedFile(for: URL(string: "https://example.com/art.jpg?v=2")!) == nil)
        }
    }

    @Test func theDefaultDirectoryFollowsXDG() {
        #expect(ArtCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path
                == "/x/cache/earshot/art")
        #expect(ArtCache.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/earshot/art")
        #expect(ArtCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.cache/earshot/art")
        #expect(ArtCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.cache/earshot/art", "a relative XDG_CACHE_HOME is ignored")
    }

    @Test func errorsReadAsPlainWords() {
        #expect(ArtError.tooLarge(limit: 10 << 20).description == "the cover art is larger than the 10 MiB limit")
        #expect(ArtError.http(status: 404, reason: "Not Found").description == "the server answered HTTP 404 Not Found")
        #expect(ArtError.unsupportedScheme("ftp").description.contains("only http, https and file"))
    }

    // MARK: Harness

    /// Runs `body` with a fresh cache on a private main context pushed as this thread's default.
    private func withCache<T>(directory: URL? = nil, maximumImageBytes: Int64 = 10 << 20, limits: TransferLimits = .art,
                              _ body: (ArtCache, MainContext) throws -> T) throws -> T {
        let context = MainContext()
        return try context.withThreadDefault {
            let cache = ArtCache(directory: directory ?? self.directory, maximumImageBytes: maximumImageBytes,
                                 timeoutSeconds: 10, limits: limits)
            return try body(cache, context)
        }
    }

    private func fetch(_ remote: URL, _ cache: ArtCache, _ context: MainContext) throws -> Result<URL, ArtError> {
        var result: Result<URL, ArtError>?
        cache.fetch(remote) { result = $0 }
        #expect(result == nil, "completions never run synchronously")
        _ = context.iterate(until: { result != nil }, timeoutSeconds: 30)
        return try #require(result)
    }

    private func fetched(_ remote: URL, _ cache: ArtCache, _ context: MainContext) throws -> URL {
        try fetch(remote, cache, context).get()
    }

    private func failure(_ remote: URL, _ cache: ArtCache, _ context: MainContext) throws -> ArtError {
        switch try fetch(remote, cache, context) {
        case .success(let file):
            Issue.record("expected an error, got \(file)")
            throw CancellationError()
        case .failure(let error):
            return error
        }
    }

    /// Everything in the cache directory, hidden files included (none when it does not exist).
    private func entries() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// SHA-256 of `string` by coreutils, independently of GLib.
    private func sha256(_ string: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(string.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
