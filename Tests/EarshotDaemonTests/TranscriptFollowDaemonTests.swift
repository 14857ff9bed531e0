import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// `earshot transcript --follow` end to end: the daemon on a private bus playing generated audio, a
/// feed whose episodes list WebVTT (a line a second), HTML and no transcripts, and the real `earshot`
/// following in a child process whose standard output is a pipe, or a pseudo-terminal.
@Suite("earshot transcript --follow against the daemon", .serialized)
struct TranscriptFollowDaemonTests {
    let h: DaemonHarness

    /// Lines at 0.5 s and 1.5 s of a 3-second episode.
    static let shortVTT = """
        WEBVTT

        00:00:00.500 --> 00:00:01.500
        <v Ada>Short one.

        00:00:01.500 --> 00:00:02.500
        <v Grace>Short two.
        """

    /// A line a second from 0:01 to 0:05, then from 0:30 to 0:32, of a 50-second episode.
    static let spokenVTT = "WEBVTT\n" + [(1, "Ada", "One."), (2, "Grace", "Two."), (3, "Ada", "Three."), (4, "Grace", "Four."),
                                          (5, "Ada", "Five."), (30, "Grace", "Thirty."), (31, "Ada", "Thirty-one."),
                                          (32, "Grace", "Thirty-two.")].map { second, speaker, text in
        "\n00:00:\(String(format: "%02d", second)).000 --> 00:00:\(String(format: "%02d", second)).900\n<v \(speaker)>\(text)\n"
    }.joined()

    init() throws {
        h = try DaemonHarness()
        let base = h.server.baseURL.absoluteString
        let items = """
            <item><guid>ep-short</guid><title>Short spoken</title><pubDate>Fri, 05 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:transcript url="\(base)/t/short.vtt" type="text/vtt"/>
              <enclosure url="\(base)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
            <item><guid>ep-spoken</guid><title>Spoken episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:transcript url="\(base)/t/spoken.vtt" type="text/vtt"/>
              <enclosure url="\(base)/audio/oldest.mp3" type="audio/mpeg" length="1"/></item>
            <item><guid>ep-paragraphs</guid><title>Paragraphs only</title><pubDate>Wed, 03 Jan 2024 12:00:00 GMT</pubDate>
              <podcast:transcript url="\(base)/t/paragraphs.html" type="text/html"/>
              <enclosure url="\(base)/audio/oldest.mp3" type="audio/mpeg" length="1"/></item>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: items)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
            .replacingOccurrences(of: "Daemon Show", with: "Spoken Show")
        h.server.serve("/spoken.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        h.server.serve("/t/short.vtt", body: Array(Self.shortVTT.utf8), contentType: "text/vtt")
        h.server.serve("/t/spoken.vtt", body: Array(Self.spokenVTT.utf8), contentType: "text/vtt")
        h.server.serve("/t/paragraphs.html", body: Array("<p>Said first.</p><p>Said later.</p>".utf8), contentType: "text/html")
        #expect(try earshot("add", h.server.url("/spoken.xml").absoluteString).status == 0)
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    func episode(_ title: String) throws -> Int64 {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        return try #require(list.first { $0["title"] as? String == title && $0["podcast_title"] as? String == "Spoken Show" }?["id"] as? Int64)
    }

    /// `earshot transcript --follow`, once it has read what is current (its heading is out).
    func follow() throws -> RunningProcess {
        let follow = try RunningProcess([EarshotProcess.executable, "transcript", "--follow"], busAddress: h.bus.address)
        #expect(follow.waitForOutput(on: h.context) { $0.contains(" ==\n") }, "the current episode's heading: \(follow.errors)")
        return follow
    }

    @Test func eachLineIsPrintedWhenItIsSpokenAcrossTheNextEpisodeAndASeek() throws {
        let (short, spoken) = (try episode("Short spoken"), try episode("Spoken episode"))
        let follow = try follow()
        #expect(try earshot("queue", "add", String(spoken)).status == 0)
        #expect(try earshot("play", String(short)).status == 0)
        #expect(follow.waitForOutput(on: h.context, timeoutSeconds: 20) { $0.contains("[0:02] Grace: Two.\n") }, "\(follow.output)\(follow.errors)")
        #expect(!follow.output.contains("Three."), "a line is printed when it is spoken, not before")
        #expect(follow.errors.contains("has no transcript: its feed lists none; waiting for the next episode"),
                "the episode current at the start has none: \(follow.errors)")
        #expect(follow.output.hasSuffix("""
            == Short spoken — Spoken Show (episode \(short)) ==
            [0:00] Ada: Short one.
            [0:01] Grace: Short two.
            == Spoken episode — Spoken Show (episode \(spoken)) ==
            [0:01] Ada: One.
            [0:02] Grace: Two.

            """), "the next episode has its heading: \(follow.output)")

        #expect(try h.playerctl("position", "30.5").status == 0)
        #expect(follow.waitForOutput(on: h.context) { $0.contains("[0:31] Ada: Thirty-one.\n") }, "\(follow.output)")
        let afterSeek = try #require(follow.output.components(separatedBy: "— 0:30 —\n").dropFirst().first, "\(follow.output)")
        #expect(afterSeek == "[0:03] Ada: Three.\n[0:04] Grace: Four.\n[0:05] Ada: Five.\n[0:30] Grace: Thirty.\n[0:31] Ada: Thirty-one.\n",
                "a seek: a separator, the lines before the moment, the line spoken, then on")

        #expect(follow.stop() == 0, "SIGTERM ends following as a success")
        #expect(!follow.output.contains("\u{1B}"), "no escapes into a pipe")
        #expect(h.terminate() == 0)
    }

    @Test func onATerminalTheSpokenLineIsBoldUntilTheNextAndCtrlCLeavesItPlain() throws {
        let spoken = try episode("Spoken episode")
        let follow = try TerminalProcess([EarshotProcess.executable, "transcript", "--follow"], busAddress: h.bus.address)
        #expect(follow.waitForOutput(on: h.context) { $0.contains(" ==\n") }, "\(follow.output)")
        #expect(try earshot("play", String(spoken)).status == 0)
        #expect(follow.waitForOutput(on: h.context, timeoutSeconds: 20) { $0.contains("\u{1B}[1m▶ [0:02] Grace: Two.\u{1B}[22m\n") },
                "\(follow.output)")
        #expect(follow.output.contains("""
            \u{1B}[1m▶ [0:01] Ada: One.\u{1B}[22m
            \u{1B}[1F\u{1B}[J  [0:01] Ada: One.
            \u{1B}[1m▶ [0:02] Grace: Two.\u{1B}[22m

            """), "the line spoken before is re-drawn plain in its place: \(follow.output)")

        follow.signal(SIGINT)
        #expect(follow.waitForExit(on: h.context) == 0, "Ctrl-C ends following as a success")
        let end = try #require(follow.output.components(separatedBy: "\u{1B}[22m\n").last, "\(follow.output)")
        #expect(end.hasPrefix("\u{1B}[1F\u{1B}[J  [0:0") && end.hasSuffix("\n") && !end.contains("\u{1B}[1m"),
                "the last line spoken is left plain: \(follow.output)")
        #expect(h.terminate() == 0)
    }

    @Test func untimedTranscriptsAreWaitedOutAndEarshotQuittingEndsFollowingWithAFailure() throws {
        let paragraphs = try episode("Paragraphs only")
        let follow = try follow()
        #expect(try earshot("play", String(paragraphs)).status == 0)
        #expect(follow.waitForOutput(on: h.context) { $0.contains("== Paragraphs only — Spoken Show (episode \(paragraphs)) ==\n") })
        #expect(follow.waitForErrors(on: h.context, timeoutSeconds: 20) {
            $0.contains("episode \(paragraphs)'s transcript has no times to follow; waiting for the next episode")
        }, "\(follow.errors)")
        #expect(follow.waitForExit(on: h.context, timeoutSeconds: 0.5) == nil, "still following, waiting for the next episode")

        #expect(h.terminate() == 0)
        #expect(follow.waitForExit(on: h.context) == 1)
        #expect(follow.errors.hasSuffix("earshot: Earshot quit; nothing more to follow\n"), "\(follow.errors)")
    }
}
