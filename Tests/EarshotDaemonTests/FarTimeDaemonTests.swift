import EarshotTestSupport
import Foundation
import Testing

/// A time from a feed far beyond any episode (a chapter start or a length of 9.3e15 seconds, past where
/// milliseconds overflow Int64) never reaches arithmetic that traps: the episode plays, the far
/// chapters are left out, and the daemon keeps answering.
@Suite("Times far beyond any episode, on the real daemon", .serialized)
struct FarTimeDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    @Test func aChapterOrLengthBeyondAnyEpisodeIsLeftOutAndTheEpisodePlays() throws {
        let h = try DaemonHarness()
        let base = h.server.baseURL.absoluteString
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-far</guid><title>Far chapters</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <itunes:duration>9300000000000000</itunes:duration>
              <psc:chapters xmlns:psc="http://podlove.org/simple-chapters" version="1.2">
                <psc:chapter start="00:00:00" title="Opening"/>
                <psc:chapter start="9300000000000000" title="Farchapter one"/>
                <psc:chapter start="9300000000000000000" title="Farchapter two"/>
              </psc:chapters>
              <enclosure url="\(base)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """))
        #expect(try earshot(h, "refresh").status == 0)
        #expect(try earshot(h, "play", "Far chapters").status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(try earshot(h, "chapters").stdout == "▶   1  0:00  Opening\n")
        let found = try earshot(h, "find", "Farchapter")
        #expect(!found.stdout.contains("Farchapter"), "a chapter left out is not found either: \(found.stdout)")
        #expect(try h.ask("metadata", "xesam:title") == "Far chapters", "the daemon still answers")
        #expect(h.terminate() == 0)
    }
}
