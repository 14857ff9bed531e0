import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

/// Private feeds' credentials on the wire: sent by HTTP Basic to their origin only, never after a
/// redirect to another host, whether Earshot follows the redirect (feeds) or libsoup does (web pages,
/// chapters, transcripts).
@Suite("Feed credentials")
struct FeedCredentialsTests {
    let server: FixtureServer
    let book = FeedCredentials()
    static let authorization = "Basic " + Data("alice:pw".utf8).base64EncodedString()

    init() throws {
        server = try FixtureServer()
        book.keep(try #require(FeedCredential(for: server.baseURL, user: "alice", password: "pw")))
    }

    /// The same server under another host name: another origin.
    func elsewhere(_ path: String) throws -> URL {
        var parts = try #require(URLComponents(url: server.url(path), resolvingAgainstBaseURL: false))
        parts.host = "localhost"
        return try #require(parts.url)
    }

    @Test func originsAreHTTPSAnywhereAndPlainHTTPOnlyOnThisComputer() {
        #expect(FeedCredential.origin(of: URL(string: "https://Members.Example.com/feed")!) == "https://members.example.com:443")
        #expect(FeedCredential.origin(of: URL(string: "http://members.example.com/feed")!) == nil)
        #expect(FeedCredential.origin(of: URL(string: "http://localhost:8080/feed")!) == "http://localhost:8080")
        #expect(FeedCredential.origin(of: URL(string: "file:///tmp/feed.xml")!) == nil)
        let split = FeedCredential.split(URL(string: "https://alice:p%40ss@members.example.com/feed?x=1")!)
        #expect(split.url.absoluteString == "https://members.example.com/feed?x=1" && split.user == "alice" && split.password == "p@ss")
    }

    @Test func aFeedCarriesThePasswordToItsOriginButNotAcrossARedirectToAnotherHost() throws {
        let feed = Array(try Fixture.bytes("seed-channel.xml"))
        server.route("/private.xml") { _ in .redirect(status: 302, to: (try? elsewhere("/open.xml").absoluteString) ?? "") }
        server.serve("/open.xml", body: feed, contentType: "application/rss+xml")
        let context = MainContext()
        try context.withThreadDefault {
            let loader = FeedLoader(credentials: book)
            var result: Result<FeedFetchResult, FeedError>?
            loader.fetch(server.url("/private.xml")) { result = $0 }
            #expect(context.iterate(until: { result != nil }, timeoutSeconds: 10))
            #expect((try? result?.get()) != nil, "\(String(describing: result))")
        }
        let asked = server.requests
        #expect(asked.first { $0.path == "/private.xml" }?.headers["authorization"] == Self.authorization)
        #expect(asked.contains { $0.path == "/open.xml" } && asked.filter { $0.path == "/open.xml" }.allSatisfy { $0.headers["authorization"] == nil })
    }

    @Test func aPageLibsoupRedirectsLosesThePasswordAtTheOtherHost() throws {
        server.route("/page.html") { _ in .redirect(status: 302, to: (try? elsewhere("/moved.html").absoluteString) ?? "") }
        server.serve("/moved.html", body: Array("<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/f.xml\"></head></html>".utf8),
                     contentType: "text/html")
        let context = MainContext()
        try context.withThreadDefault {
            let reader = WebPageReader(sharing: FeedLoader(credentials: book))
            var result: Result<[FeedLink], WebPageError>?
            reader.feedLinks(of: server.url("/page.html")) { result = $0 }
            #expect(context.iterate(until: { result != nil }, timeoutSeconds: 10))
            #expect((try? result?.get())?.count == 1, "\(String(describing: result))")
        }
        let asked = server.requests
        #expect(asked.first { $0.path == "/page.html" }?.headers["authorization"] == Self.authorization)
        #expect(asked.contains { $0.path == "/moved.html" } && asked.filter { $0.path == "/moved.html" }.allSatisfy { $0.headers["authorization"] == nil })
    }
}
