import EarshotTestSupport
import Foundation
import Testing

/// A refresh whose chunked feed is cut between two chunks: the daemon keeps the last good copy.
@Suite("A feed cut between chunks, against the daemon", .serialized)
struct CutFeedDaemonTests {
    @Test func aRefreshOfAFeedCutBetweenChunksFailsAndKeepsTheLastGoodCopy() throws {
        let h = try DaemonHarness()
        let other = LibraryCommandTests.serveSecondShow(h)
        #expect(try LibraryCommandTests.earshot(h, "add", other.absoluteString).status == 0)
        let good = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Another Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>Ano-")
        let cut = Array(good.utf8.prefix(good.utf8.count * 2 / 3))
        h.server.route("/other.xml") { _ in
            .raw(ChunkedAnswer.bytes(headers: ["Content-Type": "application/rss+xml"], body: cut, chunkSize: 256, ending: .afterAChunk))
        }
        let refresh = try LibraryCommandTests.earshot(h, "refresh", "another")
        #expect(refresh.status == 1)
        #expect(refresh.stderr.contains("closed the connection before the last chunk"), "\(refresh.stderr)")
        let episodes = try LibraryCommandTests.earshot(h, "episodes", "another", "--json")
        #expect(episodes.stdout.components(separatedBy: "\"title\" :").count - 1 == 4, "the last good copy's episodes: \(episodes.stdout)")
        #expect(h.terminate() == 0)
    }
}
