import EarshotTestSupport
import Foundation
import Testing

/// New-episode notifications from the real daemon to a stand-in notification server on the private bus:
/// a refresh that finds new episodes posts one notice; its buttons play and queue; no server, no notice.
@Suite("earshot serve: new-episode notifications", .serialized)
struct NotificationTests {
    /// An org.earshot.Earshot1 method through `gdbus call`; its output.
    @discardableResult
    static func earshot(_ h: DaemonHarness, _ method: String, _ arguments: String...) throws -> String {
        let run = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
             "--method", "org.earshot.Earshot1.\(method)"] + arguments, busAddress: h.bus.address, context: h.context)
        guard run.status == 0 else { throw TestFailure("\(method) failed: \(run.stderr)") }
        return run.trimmed
    }

    /// An item dated `day` of January 2024 (the fixture's newest is the 3rd) playing the middle episode's audio.
    static func item(_ title: String, day: Int, _ h: DaemonHarness) -> String {
        let title = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
        <item><guid>\(title)</guid><title>\(title)</title><pubDate>\(day) Jan 2024 10:00:00 GMT</pubDate>
          <enclosure url="\(h.server.url("/audio/middle.mp3").absoluteString)" type="audio/mpeg" length="1"/></item>
        """
    }

    /// `read` again every 0.1 s until `done` holds (at most 15 s: daemons and pipelines share two cores
    /// in a full run); the last answer.
    static func poll<T>(_ read: () throws -> T, until done: (T) -> Bool) rethrows -> T {
        var answer = try read()
        for _ in 0..<150 where !done(answer) {
            usleep(100_000)
            answer = try read()
        }
        return answer
    }

    /// A daemon whose start-up refresh is over, its podcast's auto-queue off, and a notification server.
    static func start(capabilities: [String]? = nil) throws -> (DaemonHarness, NotificationServer) {
        let h = try DaemonHarness()
        let server = try capabilities.map { try NotificationServer(bus: h.bus.address, context: h.context, capabilities: $0) }
            ?? NotificationServer(bus: h.bus.address, context: h.context)
        let podcasts = try earshot(h, "Podcasts")
        let id = try #require(podcasts.components(separatedBy: "'id': <int64 ").dropFirst().first?.prefix { $0.isNumber })
        try earshot(h, "Set", String(id), "auto-queue", "<false>")
        try earshot(h, "Refresh", "@ax []")  // after the start-up one: nothing new
        return (h, server)
    }

    /// Refreshes every podcast, then waits for the `count`th notice.
    static func refresh(_ h: DaemonHarness, _ server: NotificationServer, until count: Int) throws -> NotificationServer.Notification {
        try earshot(h, "Refresh", "@ax []")
        _ = h.context.iterate(until: { server.received.count >= count }, timeoutSeconds: 10)
        guard server.received.count == count, let last = server.received.last else {
            throw TestFailure("expected \(count) notices, got \(server.received.count); the log:\n\(h.daemonLog)")
        }
        return last
    }

    @Test func aNewEpisodeIsAnnouncedWithShowTitleAndCoverAndPlayPlaysIt() throws {
        let (h, server) = try Self.start()
        #expect(server.received.isEmpty, "a refresh without news notifies nothing")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: Self.item("Fresh episode", day: 4, h)))
        let notice = try Self.refresh(h, server, until: 1)
        #expect(notice.summary == "Daemon Show: Fresh episode")
        #expect(notice.appName == "Earshot" && notice.replacesID == 0)
        #expect(notice.appIcon.hasPrefix("file:///") && notice.appIcon.hasSuffix("/earshot.svg")
                && FileManager.default.fileExists(atPath: URL(string: notice.appIcon)?.path ?? ""),
                "the icon is a file, which needs no icon theme entry: \(notice.appIcon)")
        #expect(notice.actions == ["default", "Play", "play", "Play", "queue", "Add to Up Next"])
        #expect(notice.hint("desktop-entry") == "earshot")
        #expect(notice.hint("category") == "x-earshot.podcast.new-episodes")
        let image = try #require(notice.hint("image-path"))
        #expect(image.hasPrefix("file://\(h.stateDirectory)/cache/earshot/art/"), "\(image)")
        #expect(FileManager.default.fileExists(atPath: URL(string: image)?.path ?? ""), "the cover is a cached file")
        try server.click("play", on: notice.id)
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Fresh episode" } == "Fresh episode")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.terminate() == 0)
    }

    @Test func clickingTheNoticesBodyPlaysItsEpisodeLikePlay() throws {
        let (h, server) = try Self.start()
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: Self.item("Fresh episode", day: 4, h)))
        let notice = try Self.refresh(h, server, until: 1)
        try server.click("default", on: notice.id)
        #expect(try h.wait(for: "metadata", "xesam:title") { $0 == "Fresh episode" } == "Fresh episode")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        #expect(h.terminate() == 0)
    }

    @Test func aLaterRefreshReplacesTheNoticeStillShownAndAddToUpNextQueuesItsEpisodes() throws {
        let (h, server) = try Self.start()
        let first = Self.item("Fresh episode", day: 4, h)
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: first))
        let notice = try Self.refresh(h, server, until: 1)
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL,
                                       extraItems: Self.item("Fresher & better", day: 6, h) + Self.item("Fresher", day: 5, h) + first))
        let replacing = try Self.refresh(h, server, until: 2)
        #expect(replacing.replacesID == notice.id && replacing.id == notice.id, "the notice still shown is replaced")
        #expect(replacing.summary == "2 new episodes from Daemon Show")
        #expect(replacing.body == "Fresher &amp; better\nFresher", "escaped for a server that reads markup")
        try server.click("queue", on: replacing.id)
        let queue = try Self.poll({ try Self.earshot(h, "Queue") }, until: { $0.contains("Fresher") })
        let better = try #require(queue.range(of: "Fresher & better")), plain = try #require(queue.range(of: "'Fresher'"))
        #expect(plain.lowerBound < better.lowerBound, "queued oldest first: \(queue)")
        #expect(!queue.contains("Fresh episode"), "only the replacing notice's episodes")
        #expect(try h.ask("status") == "Paused", "queueing plays nothing")
        #expect(h.terminate() == 0)
    }

    @Test func notifyOffOverSetSilencesThePodcastAndPodcastsShowsIt() throws {
        let (h, server) = try Self.start()
        let podcasts = try Self.earshot(h, "Podcasts")
        #expect(podcasts.contains("'notify': <true>"), "on by default: \(podcasts)")
        let id = try #require(podcasts.components(separatedBy: "'id': <int64 ").dropFirst().first?.prefix { $0.isNumber })
        try Self.earshot(h, "Set", String(id), "notify", "<false>")
        #expect(try Self.earshot(h, "Podcasts").contains("'notify': <false>"))
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: Self.item("Fresh episode", day: 4, h)))
        let report = try Self.earshot(h, "Refresh", "@ax []")
        #expect(report.contains("'new_episodes': <uint32 1>"), "\(report)")
        #expect(!h.context.iterate(until: { !server.received.isEmpty }, timeoutSeconds: 1), "no notice")
        #expect(h.terminate() == 0)
    }

    @Test func aServerWithoutActionsImagesOrMarkupGetsNoButtonsNoImageAndThePlainBody() throws {
        let (h, server) = try Self.start(capabilities: ["body"])
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL,
                                       extraItems: Self.item("Q&A <live>", day: 5, h) + Self.item("Fresh episode", day: 4, h)))
        let notice = try Self.refresh(h, server, until: 1)
        #expect(notice.summary == "2 new episodes from Daemon Show")
        #expect(notice.body == "Q&A <live>\nFresh episode")
        #expect(notice.actions.isEmpty)
        #expect(notice.hint("image-path") == nil)
        #expect(notice.hint("desktop-entry") == "earshot")
        #expect(h.terminate() == 0)
    }

    @Test func withoutANotificationServerARefreshLogsOneDebugLineAndALaterServerIsUsed() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        try h.start(["--feed", h.feedURL.absoluteString, "--verbose"])
        try Self.earshot(h, "Refresh", "@ax []")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: Self.item("Fresh episode", day: 4, h)))
        let report = try Self.earshot(h, "Refresh", "@ax []")
        #expect(report.contains("'new_episodes': <uint32 1>"), "\(report)")
        let lines = Self.poll({ h.daemonLog.split(separator: "\n").filter { $0.contains("no desktop notification") } },
                              until: { !$0.isEmpty })
        #expect(lines.count == 1, "\(h.daemonLog)")
        #expect(lines.first?.contains("org.freedesktop.Notifications.GetCapabilities") == true, "\(lines)")
        #expect(try h.ask("status") == "Paused", "the daemon carries on")
        let server = try NotificationServer(bus: h.bus.address, context: h.context)
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL,
                                       extraItems: Self.item("Fresher", day: 5, h) + Self.item("Fresh episode", day: 4, h)))
        #expect(try Self.refresh(h, server, until: 1).summary == "Daemon Show: Fresher")
        #expect(h.terminate() == 0)
    }
}
