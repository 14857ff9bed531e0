import EarshotTestSupport
import Foundation
import Testing

/// Transcripts and finding what was said, end to end: the daemon on a private bus, a feed whose
/// episode lists a WebVTT and a JSON transcript, the real `earshot` command line.
@Suite("earshot transcript, find and play --at against the daemon", .serialized)
struct TranscriptDaemonTests {
    let h: DaemonHarness

    static let vtt = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Ada>Welcome to the show about café culture.

        00:00:20.000 --> 00:00:24.000
        <v Grace>Quantum computers are stranger than they look.
        """

    init() throws {
        h = try DaemonHarness()
        Self.serveSpokenFeed(on: h)
    }

    /// Serves /spoken.xml ("Spoken Show": the fixture episodes and "Spoken episode", with show notes and
    /// the WebVTT transcript `vtt` at /t/spoken.vtt) on the harness's server.
    static func serveSpokenFeed(on h: DaemonHarness) {
        let item = """
            <item><guid>ep-spoken</guid><title>Spoken episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <description>Notes about espresso machines.</description>
              <podcast:transcript url="\(h.server.baseURL.absoluteString)/t/spoken.vtt" type="text/vtt"/>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: item)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Spoken Show")
        h.server.serve("/spoken.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        h.server.serve("/t/spoken.vtt", body: Array(vtt.utf8), contentType: "text/vtt")
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    func episode(_ title: String) throws -> Int64 {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        return try #require(list.first { $0["title"] as? String == title }?["id"] as? Int64)
    }

    @Test func aTranscriptIsFetchedPrintedFoundAndItsMomentPlayed() throws {
        #expect(try earshot("add", h.server.url("/spoken.xml").absoluteString).status == 0)
        let spoken = try episode("Spoken episode")
        let printed = try earshot("transcript", String(spoken))
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == "[0:01] Ada: Welcome to the show about café culture.\n[0:20] Grace: Quantum computers are stranger than they look.\n",
                "\(printed.stdout)")

        let found = try earshot("find", "quant")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("“Spoken episode” (episode \(spoken))") && found.stdout.contains("transcript at 0:20, Grace")
                && found.stdout.contains("Quantum computers"), "\(found.stdout)")
        let cafe = try earshot("find", "--json", "CAFE")
        #expect(cafe.stdout.contains("\"place\" : \"transcript\"") && cafe.stdout.contains("\\u0001café\\u0002"), "\(cafe.stdout)")
        let notes = try earshot("find", "espresso")
        #expect(notes.stdout.contains("show notes"), "\(notes.stdout)")
        let nothing = try earshot("find", "zeppelin")
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing in the library matches"), "\(nothing.stderr)")
        #expect(try earshot("find", "--", "***").status != 0, "words without letters are refused in one line")

        #expect(try earshot("play", String(spoken), "--at", "0:20").status == 0)
        let position = try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }
        #expect((Double(position) ?? 0) >= 20 && (Double(position) ?? 0) < 30, "played from the moment: \(position)")
        #expect(try earshot("play", String(spoken), "--at", "soon").status == 64)

        // A hit of the last find plays from its moment; a number it has not is one line.
        #expect(try earshot("find", "quantum").status == 0)
        for command in [["pause"], ["position", "5"]] {
            _ = try Subprocess.run(["playerctl", "-p", "earshot"] + command, busAddress: h.bus.address, context: h.context)
        }
        #expect(try h.wait(for: "position") { (Double($0) ?? 99) < 10 }.isEmpty == false)
        let hit = try earshot("play", "--hit", "1")
        #expect(hit.status == 0 && hit.stdout == "Playing hit 1 of the last find: Spoken Show · “Spoken episode”, from 0:20\n",
                "\(hit.stdout)\(hit.stderr)")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        let moment = Double(try h.wait(for: "position") { (Double($0) ?? 0) >= 20 }) ?? 0
        #expect(moment >= 20 && moment < 30, "hit 1 played from 0:20: \(moment)")
        let missing = try earshot("play", "--hit", "3")
        #expect(missing.status == 1 && missing.stderr.contains("there is no hit 3 of the last find, “quantum”: it has 1"), "\(missing.stderr)")
        #expect(try earshot("play", "--hit", "1", "--at", "0:10").status == 64)
        #expect(h.terminate() == 0)
    }

    @Test func anEpisodeWithoutATranscriptSaysSoInOneLine() throws {
        let newest = try episode("Newest episode")
        let run = try earshot("transcript", String(newest))
        #expect(run.status == 1 && run.stderr.contains("has no transcript: its feed lists none"), "\(run.stderr)")
        #expect(h.terminate() == 0)
    }
}
