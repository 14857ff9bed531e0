import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

@Suite("Feed loader over real HTTP (SoupServer on 127.0.0.1) and file://")
struct FeedLoaderTests {
    let server: FixtureServer
    let feed: [UInt8]

    init() throws {
        server = try FixtureServer()
        feed = try Fixture.bytes("full-itunes.xml")
    }

    @Test func okResponseDeliversTheChannelAndIdentifiesEarshot() throws {
        server.serve("/feed.xml", body: feed, contentType: "application/rss+xml")
        let fetched = try LoaderHarness.fetched(server.url("/feed.xml"))
        #expect(fetched.feed.channel.title == "The Example Show")
        #expect(fetched.feed.channel.episodes.count == 2)
        #expect(fetched.finalURL == server.url("/feed.xml"))
        #expect(fetched.permanentURL == nil)
        let request = try #require(server.requests.first)
        #expect(request.headers["user-agent"] == "Earshot/\(EarshotVersion.string)")
        #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func relativeEnclosuresResolveAgainstTheFeedsURL() throws {
        server.serve("/shows/one/feed.xml", body: feed, contentType: "application/rss+xml")
        let fetched = try LoaderHarness.fetched(server.url("/shows/one/feed.xml"))
        #expect(fetched.feed.channel.episodes[0].soundURL == server.url("/shows/one/audio/ep2.mp3?a=1&b=2"))
    }

    @Test func gzipBodiesAreDecoded() throws {
        server.route("/feed.xml") { _ in .gzip(try! Fixture.bytes("full-itunes.xml"), contentType: "application/rss+xml") }
        #expect(try LoaderHarness.fetched(server.url("/feed.xml")).feed.channel.episodes.count == 2)
    }

    @Test(arguments: [301, 308])
    func permanentRedirectIsFollowedAndRemembered(status: Int) throws {
        server.route("/old.xml") { _ in .redirect(status: status, to: "/new.xml") }
        server.serve("/new.xml", body: feed, contentType: "application/rss+xml")
        let fetched = try LoaderHarness.fetched(server.url("/old.xml"))
        #expect(fetched.permanentURL == server.url("/new.xml"))
        #expect(fetched.finalURL == server.url("/new.xml"))
        #expect(fetched.feed.channel.episodes.count == 2)
    }

    @Test func temporaryRedirectIsFollowedButNotRemembered() throws {
        server.route("/old.xml") { _ in .redirect(status: 301, to: "/moved.xml") }
        server.route("/moved.xml") { _ in .redirect(status: 302, to: "/today.xml") }
        server.serve("/today.xml", body: feed, contentType: "application/rss+xml")
        let fetched = try LoaderHarness.fetched(server.url("/old.xml"))
        #expect(fetched.permanentURL == server.url("/moved.xml"), "only the unbroken chain of permanent moves counts")
        #expect(fetched.finalURL == server.url("/today.xml"))
    }

    @Test func redirectLoopEndsWithAClearError() throws {
        server.route("/a.xml") { _ in .redirect(status: 302, to: "/b.xml") }
        server.route("/b.xml") { _ in .redirect(status: 302, to: "/a.xml") }
        let error = try LoaderHarness.error(server.url("/a.xml"))
        guard case .connectivity(let message) = error else { throw LoaderHarness.HarnessError() }
        #expect(message.contains("redirect loop"))
    }

    @Test func aRedirectLoopsMessageNamesTheLoopFromTheAddressRevisited() throws {
        server.route("/start.xml") { _ in .redirect(status: 301, to: "/b.xml") }
        server.route("/b.xml") { _ in .redirect(status: 302, to: "/c.xml") }
        server.route("/c.xml") { _ in .redirect(status: 302, to: "/b.xml") }
        let error = try LoaderHarness.error(server.url("/start.xml"))
        guard case .connectivity(let message) = error else { throw LoaderHarness.HarnessError() }
        let b = server.url("/b.xml").absoluteString, c = server.url("/c.xml").absoluteString
        #expect(message == "redirect loop: \(b) → \(c) → \(b)")
    }

    @Test func notModifiedWhenTheETagStillMatches() throws {
        server.route("/feed.xml") { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .status(304) }
            return .body(try! Fixture.bytes("full-itunes.xml"), contentType: "application/rss+xml",
                         headers: ["ETag": "\"v1\"", "Last-Modified": "Sun, 07 Mar 2021 22:00:12 GMT"])
        }
        let first = try LoaderHarness.fetched(server.url("/feed.xml"))
        #expect(first.validators == FeedValidators(etag: "\"v1\"", lastModified: "Sun, 07 Mar 2021 22:00:12 GMT"))
        let second = LoaderHarness.fetch(server.url("/feed.xml"), validators: first.validators)
        #expect(second == .success(.notModified))
        #expect(server.requests.last?.headers["if-modified-since"] == "Sun, 07 Mar 2021 22:00:12 GMT")
    }

    /// Three conditional fetches of `url` by one loader, one after the other, each answered 304.
    private static func fetchNotModifiedThrice(_ url: URL) throws {
        let context = MainContext()
        try context.withThreadDefault {
            let loader = FeedLoader()
            for _ in 0..<3 {
                var result: Result<FeedFetchResult, FeedError>?
                loader.fetch(url, validators: FeedValidators(etag: "\"v1\"")) { result = $0 }
                #expect(context.iterate(until: { result != nil }, timeoutSeconds: 10))
                #expect(result == .success(.notModified))
            }
        }
    }

    /// A refresh with nothing changed is a run of 304s: each must leave its connection to the next, as
    /// a 200 read to its end does, or every feed pays a new connection (and a proxy lookup).
    @Test func aNotModifiedAnswerLeavesItsConnectionToTheNextRequest() throws {
        server.route("/feed.xml") { _ in .status(304) }
        try Self.fetchNotModifiedThrice(server.url("/feed.xml"))
        #expect(Set(server.requests.map(\.clientPort)).count == 1, "\(server.requests.map(\.clientPort))")
    }

    /// nginx, Apache and Python's http.server send a 304 without Content-Length; libsoup 3.2 alone then
    /// drops the connection.
    @Test func aNotModifiedAnswerWithoutALengthLeavesItsConnectionToo() throws {
        let server = try BareNotModifiedServer()
        try Self.fetchNotModifiedThrice(server.url)
        #expect(server.connections == 1)
    }

    @Test(arguments: [404, 500])
    func httpErrorsKeepTheirStatus(status: Int) throws {
        server.route("/feed.xml") { _ in .status(status) }
        let error = try LoaderHarness.error(server.url("/feed.xml"))
        guard case .http(let code, let reason) = error else { throw LoaderHarness.HarnessError() }
        #expect(code == status)
        #expect(!reason.isEmpty)
    }

    @Test func connectionRefusedIsAConnectivityError() throws {
        let error = try LoaderHarness.error(FixtureServer.closedPortURL("/feed.xml"))
        guard case .connectivity(let message) = error else { throw LoaderHarness.HarnessError() }
        #expect(message.contains("refused"))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        server.route("/feed.xml") { _ in .neverAnswer }
        let error = try LoaderHarness.error(server.url("/feed.xml"), timeoutSeconds: 1)
        guard case .connectivity(let message) = error else { throw LoaderHarness.HarnessError() }
        #expect(message.contains("did not answer within 1 s"))
    }

    @Test func anEndlessBodyStopsAtTheSizeLimit() throws {
        let chunk = Array(String(repeating: "<item><title>x</title></item>", count: 1000).utf8)
        server.route("/feed.xml") { _ in .endless(chunk: chunk, contentType: "application/rss+xml", limit: 64 << 20) }
        let error = try LoaderHarness.error(server.url("/feed.xml"), maximumBytes: 1 << 20)
        #expect(error == .tooLarge(limit: 1 << 20))
    }

    @Test(arguments: [ChunkedAnswer.Ending.afterAChunk, .beforeAChunksLineEnd])
    func aChunkedFeedCutBetweenChunksFailsInsteadOfKeepingItsFirstItems(ending: ChunkedAnswer.Ending) throws {
        let cut = feed.count * 2 / 3
        server.route("/feed.xml") { [feed] _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "application/rss+xml"], body: Array(feed.prefix(cut)),
                                     chunkSize: 256, ending: ending))
        }
        let error = try LoaderHarness.error(server.url("/feed.xml"))
        guard case .connectivity(let message) = error else {
            Issue.record("expected a connectivity error, got \(error)")
            return
        }
        #expect(message == "127.0.0.1: the server closed the connection before the last chunk of the body")
    }

    @Test func aGzippedChunkedFeedCutBetweenChunksFails() throws {
        let compressed = Gzip.compress(feed)
        server.route("/feed.xml") { _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "application/rss+xml", "Content-Encoding": "gzip"],
                                     body: Array(compressed.prefix(compressed.count * 2 / 3)), chunkSize: 128, ending: .afterAChunk))
        }
        guard case .connectivity = try LoaderHarness.error(server.url("/feed.xml")) else {
            Issue.record("expected a connectivity error")
            return
        }
    }

    @Test func aFeedShorterThanItsContentLengthOnAClosedConnectionFails() throws {
        server.route("/feed.xml") { [feed] _ in
            .raw(rawResponse("200 OK", headers: ["Content-Type": "application/rss+xml", "Content-Length": "\(feed.count)"],
                             body: Array(feed.prefix(feed.count * 2 / 3))))
        }
        guard case .connectivity(let message) = try LoaderHarness.error(server.url("/feed.xml")) else {
            Issue.record("expected a connectivity error")
            return
        }
        #expect(message.contains("\(feed.count * 2 / 3) of \(feed.count) bytes"), "\(message)")
    }

    @Test func aFeedWithAllOfItsContentLengthOnAClosedConnectionLoads() throws {
        server.route("/feed.xml") { [feed] _ in
            .raw(rawResponse("200 OK", headers: ["Content-Type": "application/rss+xml", "Content-Length": "\(feed.count)"], body: feed))
        }
        #expect(try LoaderHarness.fetched(server.url("/feed.xml")).feed.channel.episodes.count == 2)
    }

    @Test func aChunkedFeedWithItsLastChunkLoads() throws {
        server.route("/feed.xml") { [feed] _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "application/rss+xml"], body: feed, chunkSize: 256, ending: .lastChunk))
        }
        #expect(try LoaderHarness.fetched(server.url("/feed.xml")).feed.channel.episodes.count == 2)
    }

    @Test func aChunkedFeedFromAKeptAliveConnectionLoads() throws {
        let items = String(repeating: "<item><title>x</title><guid>g</guid></item>", count: 3)
        let body = Array("<rss version=\"2.0\"><channel><title>Kept</title>\(items)".utf8)
        server.route("/feed.xml") { _ in .endless(chunk: body, contentType: "application/rss+xml", limit: body.count) }
        #expect(try LoaderHarness.fetched(server.url("/feed.xml")).feed.channel.title == "Kept")
    }

    @Test func anHTMLPageIsInvalidData() throws {
        server.serve("/feed.xml", body: try Fixture.bytes("not-a-feed.html"), contentType: "text/html")
        let error = try LoaderHarness.error(server.url("/feed.xml"))
        #expect(error.invalidDataReason == "the document is a web page (HTML), not an RSS or Atom feed")
    }

    @Test func fileURLsLoadThroughTheSamePath() throws {
        let url = try #require(Bundle.module.url(forResource: "full-itunes.xml", withExtension: nil, subdirectory: "Fixtures"))
        let fetched = try LoaderHarness.fetched(url)
        #expect(fetched.feed.channel.episodes.count == 2)
        #expect(fetched.feed.channel.episodes[1].soundURL == URL(string: "file:///media/trailer.opus"))
    }

    @Test func aMissingFileSaysSo() throws {
        let error = try LoaderHarness.error(URL(fileURLWithPath: "/nonexistent/earshot/feed.xml"))
        #expect(error == .connectivity("there is no file /nonexistent/earshot/feed.xml"))
    }

    @Test func unsupportedSchemesAreRefusedAndTheCompletionIsNeverSynchronous() throws {
        let context = MainContext()
        try context.withThreadDefault {
            let loader = FeedLoader()
            var result: Result<FeedFetchResult, FeedError>?
            loader.fetch(try #require(URL(string: "ftp://example.com/feed.xml"))) { result = $0 }
            #expect(result == nil, "delivered on the loop, not inside fetch")
            #expect(context.iterate(until: { result != nil }, timeoutSeconds: 5))
            guard case .failure(.connectivity(let message))? = result else { throw LoaderHarness.HarnessError() }
            #expect(message.contains("only http, https and file URLs"))
        }
    }

    @Test func theSeedsLoadUseCaseDeliversTheChannel() throws {
        server.serve("/feed.xml", body: try Fixture.bytes("seed-channel.xml"), contentType: "application/rss+xml")
        let context = MainContext()
        try context.withThreadDefault {
            let loader = FeedLoader()
            var result: Result<Channel, FeedError>?
            loader.load(server.url("/feed.xml")) { result = $0 }
            #expect(context.iterate(until: { result != nil }, timeoutSeconds: 10))
            let channel = try #require(try result?.get())
            #expect(channel.episodes.first?.title == "Ep. 135 流動的資金盛宴")
        }
    }
}

/// A server on 127.0.0.1 that answers every request with a bare `304 Not Modified` (no Content-Length,
/// as nginx does), keeping each connection open, and counts the connections it accepted.
private final class BareNotModifiedServer: @unchecked Sendable {
    let url: URL
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    var connections: Int { lock.withLock { accepted } }

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                guard bind(listener, generic, length) == 0, listen(listener, 8) == 0, getsockname(listener, generic, &length) == 0
                else { throw LoaderHarness.HarnessError() }
            }
        }
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/feed.xml")!
        Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                lock.withLock { accepted += 1 }
                Thread { Self.answer(connection) }.start()
            }
        }.start()
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }

    /// Answers each request read on `connection` until the client closes it.
    private static func answer(_ connection: Int32) {
        var pending: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { close(connection); return }
            pending += buffer[..<count]
            while let end = pending.indices.dropLast(3).first(where: { pending[$0..<$0 + 4] == [13, 10, 13, 10] }) {
                pending.removeFirst(end + 4)
                let reply = Array("HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n".utf8)
                _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            }
        }
    }
}
