import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

/// `DirectoryClient` against a local server answering as the directories do: the requests it makes
/// (paths, words, Podcast Index's signature, Earshot's User-Agent), Apple's chart as two requests,
/// and every way a directory can fail (429, an error status with or without its own words, a reply too
/// large, nobody listening), each a named error; a cancelled request never answers.
@Suite("Directory client over real HTTP (SoupServer on 127.0.0.1)")
struct DirectoryClientTests {
    let server: FixtureServer
    let endpoints: DirectoryEndpoints

    init() throws {
        server = try FixtureServer()
        endpoints = DirectoryEndpoints(itunes: server.url("/itunes"), fyyd: server.url("/fyyd"), podcastIndex: server.url("/pi"),
                                       podcastIndexKey: "KEY", podcastIndexSecret: "SECRET")
    }

    func serve(_ path: String, _ fixture: String, status: Int = 200) throws {
        let body = try DirectoryReplyTests.reply(fixture)
        server.route(path) { _ in status == 200 ? .body(body, contentType: "application/json") : .raw(Self.answer(status, body)) }
    }

    static func answer(_ status: Int, _ body: [UInt8], headers: String = "") -> [UInt8] {
        Array("HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(headers)Connection: close\r\n\r\n".utf8) + body
    }

    /// Asks and waits for the answer (nil: none came in 20 s).
    func ask(_ query: DirectoryQuery, of directory: Directory, endpoints: DirectoryEndpoints? = nil)
        -> Result<[DirectoryShow], DirectoryError>? {
        let context = MainContext()
        return context.withThreadDefault {
            let client = DirectoryClient(endpoints: endpoints ?? self.endpoints, sharing: FeedLoader())
            var result: Result<[DirectoryShow], DirectoryError>?
            client.ask(query, of: directory) { result = $0 }
            _ = context.iterate(until: { result != nil }, timeoutSeconds: 20)
            return result
        }
    }

    @Test func anITunesSearchAsksForPodcastsAndNamesEarshot() throws {
        try serve("/itunes/search", "itunes-search.json")
        let shows = try #require(ask(.search("lab talk"), of: .itunes)).get()
        #expect(shows.count == 3)
        let request = try #require(server.requests.first)
        #expect(request.query == "entity=podcast&limit=25&media=podcast&term=lab%20talk")
        #expect(request.headers["user-agent"] == "Earshot/\(EarshotVersion.string)")
    }

    @Test func podcastIndexRequestsCarryTheSignatureItsAPIAsksFor() throws {
        try serve("/pi/api/1.0/search/byterm", "podcastindex-search.json")
        _ = try #require(ask(.search("lab"), of: .podcastindex)).get()
        let headers = try #require(server.requests.first).headers
        let date = try #require(headers["x-auth-date"])
        #expect(headers["x-auth-key"] == "KEY")
        #expect(headers["authorization"] == PodcastIndexSignature.headers(key: "KEY", secret: "SECRET",
                                                                          at: Date(timeIntervalSince1970: Double(date)!))[2].1)
        #expect(abs(Double(date)! - Date().timeIntervalSince1970) < 60)
    }

    @Test func podcastIndexsKeyIsNeverSentWhereARedirectPoints() throws {
        let elsewhere = try FixtureServer()
        let body = try DirectoryReplyTests.reply("podcastindex-search.json")
        elsewhere.route("/api/1.0/search/byterm") { _ in .body(body, contentType: "application/json") }
        server.route("/pi/api/1.0/search/byterm") { _ in .redirect(status: 302, to: elsewhere.url("/api/1.0/search/byterm").absoluteString) }
        let result = try #require(ask(.search("lab"), of: .podcastindex))
        #expect(result == .failure(.redirected(to: "127.0.0.1")))
        #expect(server.requests.first?.headers["x-auth-key"] == "KEY", "asked where configured, signed")
        #expect(elsewhere.requests.allSatisfy { $0.headers["x-auth-key"] == nil && $0.headers["authorization"] == nil })
        #expect(elsewhere.requests.isEmpty, "the redirect is not followed at all")
    }

    @Test func podcastIndexWithoutAKeyIsNeverAsked() throws {
        let keyless = DirectoryEndpoints(itunes: server.url("/itunes"), fyyd: server.url("/fyyd"), podcastIndex: server.url("/pi"))
        #expect(ask(.search("lab"), of: .podcastindex, endpoints: keyless) == .failure(.missingKey))
        #expect(server.requests.isEmpty)
    }

    @Test func applesChartIsTheChartThenOneLookupOfItsIDsInChartOrder() throws {
        try serve("/itunes/us/rss/toppodcasts/limit=25/genre=1303/json", "itunes-chart.json")
        try serve("/itunes/lookup", "itunes-chart-lookup.json")
        let shows = try #require(ask(.chart(country: "us", genre: AppleGenre.named("comedy")), of: .itunes)).get()
        #expect(shows.map(\.title) == ["The Top Show", "Second Place", "Third Place"])
        #expect(server.requests.last?.query == "entity=podcast&id=2000000001,2000000002,2000000003,2000000004")
    }

    @Test func aLookupThatFindsNoShowIsNotFound() throws {
        try serve("/pi/api/1.0/podcasts/byfeedid", "podcastindex-byfeedid-unknown.json")
        #expect(ask(.lookUp("123"), of: .podcastindex) == .failure(.notFound("123")))
    }

    @Test func a429IsADirectoryAskingToSlowDownWithItsRetryAfter() {
        server.route("/fyyd/0.2/search/podcast") { _ in .raw(Self.answer(429, Array("{}".utf8), headers: "Retry-After: 120\r\n")) }
        #expect(ask(.search("lab"), of: .fyyd) == .failure(.rateLimited(retryAfter: "120")))
    }

    @Test func anErrorStatusWithTheDirectorysOwnWordsIsARefusalAndWithoutThemTheStatus() throws {
        try serve("/pi/api/1.0/search/byterm", "podcastindex-unauthorized.json", status: 401)
        #expect(ask(.search("lab"), of: .podcastindex) == .failure(.refused("Authorization header value is invalid.")))
        server.route("/fyyd/0.2/search/podcast") { _ in .status(503) }
        guard case .failure(.http(503, _))? = ask(.search("lab"), of: .fyyd) else {
            Issue.record("expected HTTP 503")
            return
        }
    }

    @Test func aReplyLargerThanTheLimitIsRefusedWhileItStreams() {
        server.route("/itunes/search") { _ in .endless(chunk: Array(repeating: 0x20, count: 64 << 10), contentType: "application/json") }
        #expect(ask(.search("lab"), of: .itunes) == .failure(.tooLarge(limit: DirectoryClient.maximumBytes)))
    }

    @Test func aDirectoryNobodyAnswersForIsUnreachable() {
        let closed = DirectoryEndpoints(fyyd: FixtureServer.closedPortURL())
        guard case .failure(.unreachable(let words))? = ask(.search("lab"), of: .fyyd, endpoints: closed) else {
            Issue.record("expected unreachable")
            return
        }
        #expect(words.contains("refused"))
    }

    @Test func aCancelledRequestNeverAnswers() {
        server.route("/itunes/search") { _ in .neverAnswer }
        let context = MainContext()
        context.withThreadDefault {
            let client = DirectoryClient(endpoints: endpoints, sharing: FeedLoader())
            var answered = false
            let transfer = client.ask(.search("lab"), of: .itunes) { _ in answered = true }
            let tick = context.addTimeout(milliseconds: 5) { true }  // wakes the loop to look at the server's log
            defer { tick.cancel() }
            _ = context.iterate(until: { !server.requests.isEmpty }, timeoutSeconds: 10)
            transfer.cancel()
            _ = context.iterate(until: { answered }, timeoutSeconds: 0.3)
            #expect(!answered)
        }
    }
}
