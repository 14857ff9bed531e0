import EarshotFeed
import EarshotTestSupport
import Foundation
import Testing

/// A chapter's own image (from a Podcasting 2.0 chapters file) is the art desktops show while it plays.
@Suite("Chapter art against the daemon")
struct ChapterArtDaemonTests {
    @Test func eachChapterWithAnImageShowsItAsTheArtAndOneWithoutFallsBackToTheShowsCover() throws {
        let h = try DaemonHarness()
        let cover = try AudioFixtures.coverPNG()
        for name in ["welcome", "mail"] { h.server.serve("/art/\(name).png", body: cover, contentType: "image/png") }
        h.server.serve("/chapters.json", body: Array("""
            {"version": "1.2.0", "chapters": [
              {"startTime": 0, "title": "Welcome", "img": "\(h.server.url("/art/welcome.png").absoluteString)"},
              {"startTime": 4, "title": "Mail", "img": "\(h.server.url("/art/mail.png").absoluteString)"},
              {"startTime": 8, "title": "Goodbye"}]}
            """.utf8), contentType: "application/json+chapters")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-art</guid><title>Episode with chapter art</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:chapters xmlns:podcast="https://podcastindex.org/namespace/1.0" url="\(h.server.url("/chapters.json").absoluteString)" type="application/json+chapters"/>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """))
        let cache = ArtCache(directory: URL(fileURLWithPath: h.stateDirectory + "/cache/earshot/art"))
        func art(_ path: String) -> String { "file://" + (cache.cachedFile(for: h.server.url(path))?.path ?? "(\(path) not cached)") }

        #expect(try EarshotProcess.run(["refresh"], environment: h.environment).status == 0)
        #expect(try EarshotProcess.run(["play", "chapter art"], environment: h.environment).status == 0)
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Welcome" } == "Welcome")
        let json = try EarshotProcess.run(["chapters", "--json"], environment: h.environment).stdout
        #expect(json.components(separatedBy: "\"image\" : \"http://127.0.0.1").count == 3, "two chapters with images: \(json)")
        #expect(try h.wait(for: "metadata", "mpris:artUrl") { $0 == art("/art/welcome.png") } == art("/art/welcome.png"))
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Mail" } == "Mail")
        #expect(try h.wait(for: "metadata", "mpris:artUrl") { $0 == art("/art/mail.png") } == art("/art/mail.png"))
        #expect(try h.wait(for: "metadata", "xesam:artist") { $0 == "Goodbye" } == "Goodbye")
        #expect(try h.wait(for: "metadata", "mpris:artUrl") { $0 == art("/art/cover.png") } == art("/art/cover.png"))
        #expect(h.terminate() == 0)
    }
}
