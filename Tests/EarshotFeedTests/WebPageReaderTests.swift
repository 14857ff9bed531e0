import EarshotFeed
import EarshotGLib
import EarshotTestSupport
import Foundation
import Testing

/// `WebPageReader` against real-shaped websites on a local server: a page with a feed link, one reached
/// through a redirect (its links resolve against where it ended), and answers that are not a readable
/// page (not HTML, too big, an error status).
@Suite("Web pages' feed links over real HTTP (SoupServer on 127.0.0.1)")
struct WebPageReaderTests {
    let server: FixtureServer

    init() throws { server = try FixtureServer() }

    func read(_ path: String) -> Result<[FeedLink], WebPageError>? {
        let context = MainContext()
        return context.withThreadDefault {
            let reader = WebPageReader(sharing: FeedLoader())
            var result: Result<[FeedLink], WebPageError>?
            reader.feedLinks(of: server.url(path)) { result = $0 }
            _ = context.iterate(until: { result != nil }, timeoutSeconds: 20)
            return result
        }
    }

    @Test func aPagesFeedLinksAreReadAsItsServerSendsIt() throws {
        server.serve("/", body: try Fixture.bytes("pages/one-feed.html"), contentType: "text/html; charset=utf-8")
        #expect(try #require(read("/")).get().map(\.title) == ["Example Show"])
    }

    @Test func relativeLinksResolveAgainstWhereARedirectLed() throws {
        server.route("/old") { _ in .redirect(status: 301, to: "/new/page.html") }
        server.serve("/new/page.html", body: Array(#"<link rel="alternate" type="application/rss+xml" href="feed.xml">"#.utf8),
                     contentType: "text/html")
        #expect(try #require(read("/old")).get().map(\.url) == [server.url("/new/feed.xml")])
    }

    @Test func anAnswerThatIsNotHTMLIsNamedWithItsType() throws {
        server.serve("/data", body: Array("{}".utf8), contentType: "application/json")
        #expect(read("/data") == .failure(.notAWebPage("application/json")))
    }

    @Test func aPageLargerThanTheLimitIsNotRead() {
        server.serve("/huge", body: Array(repeating: 0x20, count: Int(WebPageReader.maximumBytes) + 1), contentType: "text/html")
        #expect(read("/huge") == .failure(.tooLarge(limit: WebPageReader.maximumBytes)))
    }

    @Test func anErrorStatusIsNamed() {
        #expect(read("/missing") == .failure(.http(status: 404, reason: "Not Found")))
    }
}
