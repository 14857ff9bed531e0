import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// The `earshot` command line against the real daemon on a private bus: subscribing, the library,
/// Up Next, refreshes with 304, OPML import and export (a round trip), unsubscribing, and D-Bus
/// activation when no daemon runs.
@Suite("earshot add/podcasts/queue/import/export against the daemon", .serialized)
struct LibraryCommandTests {
    /// Runs `earshot ARGS` against the harness's bus and state.
    static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// A second show on the audio server, whose episodes play the same audio files.
    static func serveSecondShow(_ h: DaemonHarness, path: String = "/other.xml", title: String = "Another Show") -> URL {
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: title)
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>\(title.prefix(3))-")
        h.server.serve(path, body: Array(feed.utf8), contentType: "application/rss+xml")
        return h.server.url(path)
    }

    @Test func addSubscribesPrintsTheShowAndListsAFailedFeedWithItsCause() throws {
        let h = try DaemonHarness()
        let other = Self.serveSecondShow(h)
        let missing = h.server.url("/missing.xml")
        let add = try Self.earshot(h, "add", other.absoluteString, missing.absoluteString)
        #expect(add.status == 1, "one feed failed: \(add.stderr)")
        #expect(add.stdout.contains("Another Show") && add.stdout.contains("4 episodes"), "\(add.stdout)")
        #expect(add.stderr.contains(missing.absoluteString) && add.stderr.contains("404"), "\(add.stderr)")
        let podcasts = try Self.earshot(h, "podcasts", "--json")
        #expect(podcasts.status == 0)
        #expect(podcasts.stdout.contains("\"title\" : \"Daemon Show\"") && podcasts.stdout.contains("\"title\" : \"Another Show\""))
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show", "adding does not switch what plays")
        #expect(h.terminate() == 0)
    }

    /// The table reads PodcastRows (structs with only its columns); they say what Podcasts says.
    @Test func podcastsTableRowsAgreeWithThePodcastDictionaries() throws {
        let h = try DaemonHarness()
        #expect(try Self.earshot(h, "add", Self.serveSecondShow(h).absoluteString).status == 0)
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        let podcasts = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Podcasts").get()
        let rows = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "PodcastRows").get()
        let expected: [[DBusValue]] = (podcasts.first?.arrayElements ?? []).map { podcast in
            let fields = (podcast.stringKeyedEntries ?? [:]).compactMapValues(\.variantValue)
            return [fields["id"], fields["title"], fields["episodes"], fields["unplayed"], fields["last_checked"] ?? .int64(0),
                    fields["auto_queue"]].map { $0 ?? .string("missing") }
        }
        #expect(expected.count == 2)
        #expect(rows.first?.arrayElements?.map(\.structureMembers) == expected, "\(rows)")
        let table = try Self.earshot(h, "podcasts").stdout
        #expect(table.contains("Daemon Show") && table.contains("Another Show") && table.contains("just now"), "\(table)")
        #expect(h.terminate() == 0)
    }

    /// `earshot episodes` reads EpisodeRows (structs with only the table's columns); they say what
    /// Episodes says, the player's marks (current, Up Next) included.
    @Test func episodeTableRowsAgreeWithTheEpisodeDictionaries() throws {
        let h = try DaemonHarness()
        let session = try FuzzSession(address: h.bus.address, connections: 1)
        #expect(try Self.earshot(h, "queue", "add", "Middle").status == 0)
        let arguments: [DBusValue] = [.int64(0), .string("all"), .string("")]
        let episodes = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "Episodes", arguments).get()
        let rows = try session.ask(EarshotIntrospection.objectPath, DaemonConsistency.earshot, "EpisodeRows", arguments).get()
        let expected: [[DBusValue]] = (episodes.first?.arrayElements ?? []).map { episode in
            let fields = (episode.stringKeyedEntries ?? [:]).compactMapValues(\.variantValue)
            return [fields["id"], fields["current"], fields["released"] ?? .int64(0), fields["duration"] ?? .double(-1),
                    fields["completed"], fields["position"], fields["queue_position"] ?? .uint32(0),
                    fields["podcast_title"] ?? .string(""), fields["starred"] ?? .boolean(false),
                    fields["title"] ?? fields["url"] ?? .string(""), fields["podcast"]].map { $0 ?? .string("missing") }
        }
        #expect(expected.count == 4 && expected.contains { $0[1] == .boolean(true) } && expected.contains { $0[6] == .uint32(1) })
        #expect(rows.first?.arrayElements?.map(\.structureMembers) == expected, "\(rows)")
        #expect(h.terminate() == 0)
    }

    @Test func aRefreshFindingBytesTheFeedsEncodingCannotDecodeKeepsTheLastGoodCopyAndWritesNoLibxml2Lines() throws {
        let h = try DaemonHarness()
        let other = Self.serveSecondShow(h)
        #expect(try Self.earshot(h, "add", other.absoluteString).status == 0)
        let good = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Another Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>Ano-").replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"Shift_JIS\"")
        let parts = good.components(separatedBy: "Middle episode")
        h.server.serve("/other.xml", body: Array(parts[0].utf8) + [0x81, 0x00, 0xFF, 0xFF] + Array(parts[1].utf8),
                       contentType: "application/rss+xml")
        let refresh = try Self.earshot(h, "refresh", "another")
        #expect(refresh.status == 1)
        #expect(refresh.stderr.contains("not valid Shift_JIS (0x81 0x00"), "\(refresh.stderr)")
        let episodes = try Self.earshot(h, "episodes", "another", "--json")
        #expect(episodes.stdout.components(separatedBy: "\"title\" :").count - 1 == 4, "the last good copy's episodes: \(episodes.stdout)")
        #expect(!h.daemonLog.contains("encoding error") && !h.daemonLog.contains("xmlParseChunk"), "\(h.daemonLog)")
        #expect(h.terminate() == 0)
    }

    @Test func upNextDecidesWhatPlaysNextAndStatusShowsIt() throws {
        let h = try DaemonHarness()
        _ = try Self.earshot(h, "add", Self.serveSecondShow(h).absoluteString)
        #expect(try Self.earshot(h, "queue", "add", "Another Show").status != 0, "a podcast's name is not an episode")
        let queued = try Self.earshot(h, "queue", "add", "Middle episode")
        #expect(queued.status == 1, "two podcasts have a “Middle episode”: \(queued.stderr)")
        #expect(queued.stderr.contains("matches 2"), "\(queued.stderr)")
        let episodes = try Self.earshot(h, "episodes", "another", "--json")
        let middle = try #require(episodes.stdout.components(separatedBy: "\"id\" : ").dropFirst()
            .first { $0.contains("\"title\" : \"Middle episode\"") }?.prefix { $0.isNumber })
        #expect(try Self.earshot(h, "queue", "add", String(middle)).status == 0)
        #expect(try h.ask("status") == "Paused")
        let status = try Self.earshot(h, "status")
        #expect(status.stdout.contains("Up next:") && status.stdout.contains("Middle episode — Another Show"), "\(status.stdout)")
        try h.playerctl("next")
        #expect(try h.ask("metadata", "xesam:album") == "Another Show", "the first of Up Next")
        #expect(try h.ask("metadata", "xesam:title") == "Middle episode")
        let after = try Self.earshot(h, "queue", "--json")
        #expect(after.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || !after.stdout.contains("Middle"), "\(after.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test func aRefreshWithNothingChangedIsAConditionalRequestAnswered304() throws {
        let h = try DaemonHarness()
        let requests = RequestLog()
        let feed = Array(AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Tagged Show").utf8)
        h.server.route("/tagged.xml") { request in
            requests.append(request.headers["if-none-match"] ?? "-")
            if request.headers["if-none-match"] == "\"v1\"" { return .status(304) }
            return .body(feed, contentType: "application/rss+xml", headers: ["ETag": "\"v1\""])
        }
        #expect(try Self.earshot(h, "add", h.server.url("/tagged.xml").absoluteString).status == 0)
        let refresh = try Self.earshot(h, "refresh", "tagged")
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(requests.all == ["-", "\"v1\""])
        let json = try Self.earshot(h, "refresh", "tagged", "--json")
        #expect(json.stdout.contains("\"not_modified\" : true"), "\(json.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test func ctrlCDuringAnImportSaysTheDaemonGoesOnAndItDoes() throws {
        let h = try DaemonHarness()
        let feed = Array(AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Slow Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>slow-").utf8)
        let asked = RequestLog()
        h.server.route("/slow.xml") { _ in
            asked.append("/slow.xml")
            return .paced(feed, contentType: "application/rss+xml", bytesPerTick: 200, intervalMilliseconds: 50)
        }
        let opml = h.stateDirectory + "/slow.opml"
        let outline = "<outline type=\"rss\" text=\"Slow\" xmlUrl=\"\(h.server.url("/slow.xml").absoluteString)\"/>"
        try "<opml version=\"2.0\"><head/><body>\(outline)</body></opml>".write(toFile: opml, atomically: true, encoding: .utf8)
        let errors = h.stateDirectory + "/import-stderr.txt"
        let fd = open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let importing = try ChildProcess([EarshotProcess.executable, "import", opml], environment: h.environment, stderr: fd)
        close(fd)
        let deadline = Date().addingTimeInterval(15)
        while asked.all.isEmpty && importing.poll() == nil && Date() < deadline { usleep(20_000) }
        importing.signal(SIGINT)
        #expect(importing.wait() == 130)
        let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(said == "earshot: stopped following the import; Earshot goes on subscribing in the background "
                + "(earshot podcasts lists what is in)\n", "\(said)")
        var podcasts = ""
        for _ in 0..<150 where !podcasts.contains("Slow Show") {
            podcasts = try Self.earshot(h, "podcasts").stdout
            usleep(100_000)
        }
        #expect(podcasts.contains("Slow Show"), "the daemon finished the import: \(podcasts)")
        #expect(h.terminate() == 0)
    }

    @Test func importThenExportThenImportAgainGivesTheSameLibrary() throws {
        let h = try DaemonHarness()
        let other = Self.serveSecondShow(h)
        let third = Self.serveSecondShow(h, path: "/third.xml", title: "Third Show")
        let opml = h.stateDirectory + "/subs.opml"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>From another app</title></head><body>
              <outline text="Folder">
                <outline type="rss" text="Another" xmlUrl="\(other.absoluteString)"/>
                <outline type="rss" text="Again" xmlUrl="\(other.absoluteString)"/>
              </outline>
              <outline type="link" text="A web page" url="https://example.com/"/>
              <outline type="rss" text="Third" xmlUrl="\(third.absoluteString)"/>
              <outline type="rss" text="Gone" xmlUrl="\(h.server.url("/gone.xml").absoluteString)"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let imported = try Self.earshot(h, "import", "\(opml)")
        #expect(imported.status == 1, "one feed failed")
        #expect(imported.stderr.contains("/gone.xml"), "\(imported.stderr)")
        #expect(imported.stderr.contains("line 5"), "the duplicate is noted with its line: \(imported.stderr)")
        let podcasts = try Self.earshot(h, "podcasts", "--json").stdout
        #expect(podcasts.components(separatedBy: "\"auto_queue\" : false").count == 3, "imported podcasts do not auto-queue: \(podcasts)")
        let exported = h.stateDirectory + "/export.opml"
        #expect(try Self.earshot(h, "export", exported).status == 0)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        for url in [h.feedURL, other, third] { #expect(text.contains("xmlUrl=\"\(url.absoluteString)\""), "\(text)") }
        #expect(h.terminate() == 0)

        // A fresh library from the export: the same podcasts.
        let fresh = try DaemonHarness()
        let again = try EarshotProcess.run(["import", exported], environment: fresh.environment)
        #expect(again.status == 0, "\(again.stderr)")
        let titles = try EarshotProcess.run(["podcasts", "--json"], environment: fresh.environment).stdout
        for title in ["Daemon Show", "Another Show", "Third Show"] { #expect(titles.contains("\"title\" : \"\(title)\""), "\(titles)") }
        #expect(fresh.terminate() == 0)
    }

    @Test func aShowWithoutAnAuthorIsItsOwnArtistSoGNOMENeverShowsUnknownArtist() throws {
        let h = try DaemonHarness()
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "Daemon Show", with: "Authorless Show")
            .replacingOccurrences(of: "<itunes:author>Test Author</itunes:author>", with: "")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>na-")
        h.server.serve("/authorless.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
        #expect(try Self.earshot(h, "add", h.server.url("/authorless.xml").absoluteString).status == 0)
        #expect(try Self.earshot(h, "play", "authorless", "--podcast").status == 0)
        #expect(try h.wait(for: "metadata", "xesam:album") { $0 == "Authorless Show" } == "Authorless Show")
        #expect(try h.ask("metadata", "xesam:artist") == "Authorless Show")
        #expect(h.terminate() == 0)
    }

    @Test func removeUnsubscribesAndItsEpisodesLeaveUpNext() throws {
        let h = try DaemonHarness()
        _ = try Self.earshot(h, "add", Self.serveSecondShow(h).absoluteString)
        let episodes = try Self.earshot(h, "episodes", "another", "--json").stdout
        let oldest = try #require(episodes.components(separatedBy: "\"id\" : ").dropFirst()
            .first { $0.contains("\"title\" : \"Oldest episode\"") }?.prefix { $0.isNumber })
        #expect(try Self.earshot(h, "queue", "add", String(oldest)).status == 0)
        let removed = try Self.earshot(h, "remove", "another")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!(try Self.earshot(h, "podcasts").stdout.contains("Another Show")))
        #expect(!(try Self.earshot(h, "queue").stdout.contains("Oldest episode")))
        let again = try Self.earshot(h, "remove", "another")
        #expect(again.status == 1 && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
        #expect(h.terminate() == 0)
    }

    @Test func aCommandStartsTheDaemonThroughDBusActivationWhenNoneRuns() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-activation-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let services = scratch + "/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        try """
            [D-BUS Service]
            Name=org.mpris.MediaPlayer2.earshot
            Exec=\(EarshotProcess.executable) serve
            """.write(toFile: services + "/org.mpris.MediaPlayer2.earshot.service", atomically: true, encoding: .utf8)
        let environment: [String: String?] = [
            "XDG_STATE_HOME": scratch + "/state", "XDG_CACHE_HOME": scratch + "/cache", "XDG_CONFIG_HOME": scratch + "/config",
            "EARSHOT_AUDIO_SINK": "fakesink sync=true", "DBUS_SESSION_BUS_ADDRESS": nil, "DISPLAY": nil,
        ]
        let bus = try PrivateBus(configuration: ["<servicedir>\(services)</servicedir>"], environment: environment)
        defer { bus.stop() }
        var client = environment
        client["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let podcasts = try EarshotProcess.run(["podcasts", "--json"], environment: client)
        #expect(podcasts.status == 0, "\(podcasts.stderr)")
        #expect(podcasts.stdout.contains("\"title\" : \"Earshot Demo\""), "the activated daemon serves the demo: \(podcasts.stdout)")
        let quit = try Subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.earshot",
                                       "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Quit"],
                                      busAddress: bus.address, context: MainContext())
        #expect(quit.status == 0)
    }
}

/// Request headers seen by a route, from the server's thread.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}
