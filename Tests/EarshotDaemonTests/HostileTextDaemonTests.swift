import EarshotTestSupport
import Foundation
import Testing

/// Feed text with terminal escape sequences, C1 controls and bidi overrides, on the real daemon: the
/// command line on a terminal shows them as visible escapes and never writes them, `--json` keeps the
/// text exact, and MPRIS carries it without them.
@Suite("Hostile feed text against the daemon", .serialized)
struct HostileTextDaemonTests {
    /// What the feed and its chapters file say, decoded.
    static let podcastTitle = "Hostile Show \u{202E}wolS\u{202C}"
    static let episodeTitle = "Tricky \u{9B}31m episode \u{2066}x\u{2069}"
    static let chapterTitles = ["Intro \u{1B}]0;pwned\u{7}", "Clear \u{1B}[2J screen",
                                "Link \u{1B}]8;;http://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\"]

    /// Bytes that act on a terminal (or reorder text) instead of showing.
    static func activeScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// Subscribes to a show whose title, episode titles and chapters file carry hostile text, and plays it.
    func subscribeToHostileShow(_ h: DaemonHarness) throws {
        let chapters = try JSONSerialization.data(withJSONObject: [
            "version": "1.2.0",
            "chapters": Self.chapterTitles.enumerated().map { ["startTime": $0.offset * 10, "title": $0.element] },
        ])
        h.server.serve("/hostile-chapters.json", body: Array(chapters), contentType: "application/json+chapters")
        let audio = h.server.baseURL.absoluteString + "/audio"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0">
            <channel><title>Hostile Show &#x202E;wolS&#x202C;</title>
            <item><guid>h-1</guid><title>Tricky &#x9B;31m episode &#x2066;x&#x2069;</title>
              <pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <podcast:chapters url="\(h.server.url("/hostile-chapters.json").absoluteString)" type="application/json+chapters"/>
              <enclosure url="\(audio)/newest.mp3" type="audio/mpeg" length="1"/></item>
            <item><guid>h-2</guid><title>Second &#x85;&#x202D;one</title><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(audio)/middle.mp3" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """
        h.server.serve("/hostile.xml", body: Array(xml.utf8), contentType: "application/rss+xml")
        #expect(try earshot(h, "add", h.server.url("/hostile.xml").absoluteString).status == 0)
        #expect(try earshot(h, "play", "Tricky").status == 0)
        _ = try h.wait(for: "metadata", "xesam:artist") { $0.hasPrefix("Intro") }
    }

    @Test func theCommandLineOnATerminalShowsHostileFeedTextAsVisibleEscapesAndJSONKeepsItExact() throws {
        let h = try DaemonHarness()
        try subscribeToHostileShow(h)
        #expect(try earshot(h, "queue", "add", "Second").status == 0)
        #expect(try earshot(h, "download", "Second").status == 0)
        for command in [["podcasts"], ["episodes", "hostile"], ["status"], ["chapters"], ["queue"], ["downloads"],
                        ["episodes", "--feed", h.server.url("/hostile.xml").absoluteString]] {
            let run = try TerminalRun(command, environment: h.environment)
            #expect(run.status == 0, "\(command): \(run.text)")
            #expect(Self.activeScalars(in: run.text).isEmpty, "\(command) wrote \(Self.activeScalars(in: run.text)): \(run.text)")
        }
        let chapters = try TerminalRun(["chapters"], environment: h.environment).text
        #expect(chapters.contains(#"Intro \u{1B}]0;pwned\u{7}"#), "\(chapters)")
        let status = try TerminalRun(["status"], environment: h.environment).text
        #expect(status.contains(#"Tricky \u{9B}31m episode \u{2066}x\u{2069}"#), "\(status)")

        let json = try earshot(h, "chapters", "--json")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.compactMap { $0["title"] as? String } == Self.chapterTitles)
        #expect(Self.activeScalars(in: json.stdout).isEmpty, "JSON escapes them: \(json.stdout)")
        let podcastsJSON = try earshot(h, "podcasts", "--json").stdout
        let podcasts = try JSONSerialization.jsonObject(with: Data(podcastsJSON.utf8)) as? [[String: Any]]
        #expect(podcasts?.contains { $0["title"] as? String == Self.podcastTitle } == true, "\(String(describing: podcasts))")
        #expect(podcastsJSON.contains(#"Hostile Show \u202ewolS\u202c"#), "bidi characters are JSON escapes: \(podcastsJSON)")
        #expect(h.terminate() == 0)
    }

    @Test func aRefreshFailingWithAHostileReasonPhraseNamesItWithoutWritingIt() throws {
        let h = try DaemonHarness()
        try subscribeToHostileShow(h)
        h.server.route("/hostile.xml") { _ in
            .raw(Array("HTTP/1.1 500 Oops \u{1B}]0;pwned\u{7}\u{1B}[2J\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        let refresh = try TerminalRun(["refresh", "hostile"], environment: h.environment)
        #expect(refresh.status == 1)
        #expect(!refresh.text.contains("\u{1B}]") && !refresh.text.contains("\u{1B}[2J"), "\(refresh.text)")
        #expect(refresh.text.contains(#"500 Oops \u{1B}]0;pwned\u{7}\u{1B}[2J"#), "the reason phrase, visibly: \(refresh.text)")
        #expect(h.terminate() == 0)
    }

    @Test func mprisCarriesFeedTextWithoutControlOrBidiCharacters() throws {
        let h = try DaemonHarness()
        try subscribeToHostileShow(h)
        for key in ["xesam:title", "xesam:album", "xesam:artist"] {
            let value = try h.ask("metadata", key)
            #expect(!value.isEmpty && Self.activeScalars(in: value).isEmpty, "\(key): \(value.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(try h.ask("metadata", "xesam:title") == "Tricky 31m episode x")
        #expect(try h.ask("metadata", "xesam:artist") == "Intro ]0;pwned")
        #expect(h.terminate() == 0)
    }
}
