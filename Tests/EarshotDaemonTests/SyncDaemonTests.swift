import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Sync against the real thing: the daemon, the `earshot sync` command line, a real oPodSync server on
/// 127.0.0.1 and mygpoclient as the phone.
@Suite("earshot sync against oPodSync and mygpoclient", .serialized, .enabled(if: SyncServer.missing == nil, "\(SyncServer.missing ?? "")"))
struct SyncDaemonTests {
    private func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// `earshot sync login` with the password on standard input.
    private func login(_ h: DaemonHarness, _ server: SyncServer, password: String? = nil) throws -> Subprocess.Output {
        try Subprocess.run(["/bin/sh", "-c", "printf '%s\\n' '\(password ?? server.password)' | '\(EarshotProcess.executable)' "
                            + "sync login \(server.url) \(server.user) --password-stdin"], busAddress: h.bus.address, context: h.context)
    }

    private func episodes(_ h: DaemonHarness) throws -> [[String: Any]] {
        let run = try earshot(h, "episodes", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    private func audio(_ h: DaemonHarness, _ name: String) -> String { h.server.url("/audio/\(name)").absoluteString }

    @Test func theFirstSyncMergesBothLibrariesAndThePhonesPlaceIsTakenHere() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        let other = servePhoneShow(h)
        try server.phoneSubscribe(other)
        try server.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "oldest.mp3"), position: 20, total: 50)
        let logged = try login(h, server)
        #expect(logged.status == 0 && logged.stdout.hasPrefix("Logged in."), "\(logged.stdout)\(logged.stderr)")
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try server.phoneSubscriptions().contains(h.feedURL.absoluteString), "this library's podcast went to the server")
        let titles = try podcastTitles(h) { $0.contains { $0.contains("Phone Show") } }
        #expect(titles.contains { $0.contains("Phone Show") }, "the phone's podcast came here: \(titles)")
        let oldest = try #require(try episodes(h).first { $0["title"] as? String == "Oldest episode" && $0["podcast_title"] as? String == "Daemon Show" })
        #expect(oldest["position"] as? Double == 20, "\(oldest)")
        let status = try earshot(h, "sync", "status")
        #expect(status.stdout.contains("earshot at \(server.url)") && status.stdout.contains("Last sync"), "\(status.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test func aLoginToAnotherAccountWithoutLogoutStartsWithAFirstSyncThatIsTheUnion() throws {
        let (first, h) = try syncedDaemon()
        #expect(try first.phoneSubscriptions().contains(h.feedURL.absoluteString))
        let second = try SyncServer()
        let other = servePhoneShow(h)
        try second.phoneSubscribe(other)
        let logged = try login(h, second)
        #expect(logged.status == 0, "\(logged.stdout)\(logged.stderr)")
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try second.phoneSubscriptions().contains(h.feedURL.absoluteString), "this library's podcast went to the new account")
        let titles = try podcastTitles(h) { $0.contains { $0.contains("Phone Show") } }
        #expect(titles.contains { $0.contains("Phone Show") }, "the new account's podcast came here: \(titles)")
        #expect(h.terminate() == 0)
    }

    @Test func aPodcastThePhoneSubscribedToWhoseFeedIsDownIsKeptAndSubscribedOnceItAnswers() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        h.server.route("/other.xml") { _ in .status(503) }
        let other = h.server.url("/other.xml").absoluteString
        try server.phoneSubscribe(other)
        #expect(try login(h, server).status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        usleep(1_500_000)  // the server's cursor is in seconds: the next sync asks for what changed after this one
        #expect(!(try earshot(h, "podcasts").stdout.contains("Phone Show")))
        _ = servePhoneShow(h)  // the host is back
        #expect(try earshot(h, "sync", "now").status == 0)
        let titles = try podcastTitles(h) { $0.contains { $0.contains("Phone Show") } }
        #expect(titles.contains { $0.contains("Phone Show") }, "the phone's podcast came once its feed answered: \(titles)")
        #expect(try server.phoneSubscriptions().contains(other))
        #expect(h.terminate() == 0)
    }

    @Test func aPhonesPodcastWhoseAddressMovedKeepsThePhonesAddressBothWays() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        let moved = servePhoneShow(h)
        h.server.route("/old-other.xml") { _ in .redirect(status: 301, to: "/other.xml") }
        let known = h.server.url("/old-other.xml").absoluteString
        try server.phoneSubscribe(known)
        #expect(try login(h, server).status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try podcastTitles(h) { $0.contains { $0.contains("Phone Show") } }.contains { $0.contains("Phone Show") })
        usleep(1_100_000)
        #expect(try earshot(h, "sync", "now").status == 0)
        let subscriptions = try server.phoneSubscriptions()
        #expect(subscriptions.contains(known) && !subscriptions.contains(moved), "not sent back under its new address: \(subscriptions)")
        usleep(1_100_000)
        try server.phoneUnsubscribe(known)
        #expect(try earshot(h, "sync", "now").status == 0)
        let titles = try podcastTitles(h) { !$0.contains { $0.contains("Phone Show") } }
        #expect(!titles.contains { $0.contains("Phone Show") }, "the phone's unsubscribe applies here: \(titles)")
        #expect(h.terminate() == 0)
    }

    /// A daemon logged in to a new oPodSync, its first sync over.
    private func syncedDaemon() throws -> (SyncServer, DaemonHarness) {
        let server = try SyncServer()
        let h = try DaemonHarness()
        #expect(try login(h, server).status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        return (server, h)
    }

    /// What `earshot ARGUMENTS` prints once `done` holds of it (or after 20 seconds: a busy machine is slow).
    private func polled(_ h: DaemonHarness, _ arguments: String..., until done: (String) -> Bool) throws -> String {
        var printed = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            printed = try EarshotProcess.run(arguments, environment: h.environment).stdout
            if done(printed) { break }
            usleep(100_000)
        }
        return printed
    }

    /// Serves a second show, "Phone Show", at /other.xml; its address.
    private func servePhoneShow(_ h: DaemonHarness) -> String {
        h.server.serve("/other.xml", body: Array(AudioFixtures.feed(audioBase: h.server.baseURL)
            .replacingOccurrences(of: "Daemon Show", with: "Phone Show").replacingOccurrences(of: "<guid>ep-", with: "<guid>phone-").utf8),
                       contentType: "application/rss+xml")
        return h.server.url("/other.xml").absoluteString
    }

    /// The podcasts' titles here, once `done` holds of them (or after five seconds).
    private func podcastTitles(_ h: DaemonHarness, until done: ([String]) -> Bool) throws -> [String] {
        try polled(h, "podcasts") { done($0.components(separatedBy: "\n")) }.components(separatedBy: "\n")
    }

    @Test func anEpisodeFinishedOnThePhoneIsFinishedHere() throws {
        let (server, h) = try syncedDaemon()
        try server.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "oldest.mp3"), position: 50, total: 50)
        #expect(try earshot(h, "sync", "now").status == 0)
        let oldest = try #require(try episodes(h).first { $0["title"] as? String == "Oldest episode" })
        #expect(oldest["completed"] as? Bool == true, "\(oldest)")
        #expect(h.terminate() == 0)
    }

    @Test func aPodcastUnsubscribedOnEitherSideGoesOnTheOther() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        let other = servePhoneShow(h)
        try server.phoneSubscribe(other)
        #expect(try login(h, server).status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try podcastTitles(h) { $0.contains { $0.contains("Phone Show") } }.contains { $0.contains("Phone Show") })
        try server.phoneUnsubscribe(other)
        #expect(try earshot(h, "sync", "now").status == 0)
        let titles = try podcastTitles(h) { !$0.contains { $0.contains("Phone Show") } }
        #expect(!titles.contains { $0.contains("Phone Show") } && titles.contains { $0.contains("Daemon Show") }, "\(titles)")
        #expect(try earshot(h, "remove", "daemon show").status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(!(try server.phoneSubscriptions().contains(h.feedURL.absoluteString)), "unsubscribed here, so on the phone too")
        #expect(h.terminate() == 0)
    }

    @Test func aFeedThatMovesKeepsTheAddressTheServerKnowsItBy() throws {
        let (server, h) = try syncedDaemon()
        let known = h.feedURL.absoluteString, feeds = try #require(h.feedServer)
        #expect(try server.phoneSubscriptions().contains(known))
        feeds.serve("/moved.xml", body: Array(AudioFixtures.feed(audioBase: h.server.baseURL).utf8), contentType: "application/rss+xml")
        feeds.route("/feed.xml") { _ in .redirect(status: 301, to: "/moved.xml") }
        #expect(try earshot(h, "refresh").status == 0)
        let moved = feeds.url("/moved.xml").absoluteString
        let listed = try polled(h, "podcasts", "--json") { $0.contains("moved.xml") }
        #expect(listed.contains("moved.xml"), "the podcast follows its feed here: \(listed)")
        #expect(try earshot(h, "sync", "now").status == 0)
        let subscriptions = try server.phoneSubscriptions()
        #expect(subscriptions.contains(known) && !subscriptions.contains(moved), "no remove-old + add-new on the phone: \(subscriptions)")
        #expect(h.terminate() == 0)
    }

    @Test func listeningAndMarkingHereReachThePhoneInWholeSeconds() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        #expect(try login(h, server).status == 0)
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        usleep(2_500_000)
        try h.playerctl("pause")
        let middle = try #require(try episodes(h).first { $0["title"] as? String == "Middle episode" }?["id"] as? Int)
        #expect(try earshot(h, "mark", "played", String(middle)).status == 0)
        #expect(try earshot(h, "sync", "now").status == 0)
        let actions = try server.phoneActions()
        let heard = try #require(actions.first { $0["episode"] as? String == audio(h, "newest.mp3") }, "\(actions)")
        #expect(heard["action"] as? String == "play")
        #expect((heard["position"] as? Int ?? 0) >= 2 && heard["started"] as? Int == 0 && heard["total"] as? Int == 50, "\(heard)")
        let marked = try #require(actions.first { $0["episode"] as? String == audio(h, "middle.mp3") }, "\(actions)")
        #expect(marked["position"] as? Int != nil && marked["position"] as? Int == marked["total"] as? Int, "played = the end: \(marked)")
        #expect(try earshot(h, "sync", "status").stdout.contains("Nothing waits to be sent."))
        #expect(h.terminate() == 0)
    }

    @Test func aServerThatIsDownIsGivenTimeAndSyncStatusSaysWhen() throws {
        let (server, h) = try syncedDaemon()
        server.stop()
        #expect(try earshot(h, "sync", "now").status == 1)
        let status = try earshot(h, "sync", "status").stdout
        #expect(status.contains("the next sync starts by itself in 1 min"), "\(status)")
        let json = try earshot(h, "sync", "status", "--json").stdout
        #expect(json.contains("next_try"), "\(json)")
        #expect(h.terminate() == 0)
    }

    @Test func changesMadeWhileTheServerIsDownSurviveAKillAndAreSentOnceItIsBack() throws {
        let (server, h) = try syncedDaemon()
        server.stop()
        let oldest = try #require(try episodes(h).first { $0["title"] as? String == "Oldest episode" }?["id"] as? Int)
        #expect(try earshot(h, "mark", "played", String(oldest)).status == 0)
        let failed = try earshot(h, "sync", "now")
        #expect(failed.status == 1 && failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
        #expect(try earshot(h, "sync", "status").stdout.contains("1 change waits to be sent"))
        h.kill9()
        try server.restart()
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try earshot(h, "sync", "now").status == 0)
        let sent = try server.phoneActions().filter { $0["episode"] as? String == audio(h, "oldest.mp3") }
        #expect(sent.count == 1, "sent once: \(sent)")
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try server.phoneActions().filter { $0["episode"] as? String == audio(h, "oldest.mp3") }.count == 1, "not sent twice")
        #expect(h.terminate() == 0)
    }

    @Test func thePlayingEpisodeIsNotYankedButAPausedOneTakesTheNewerPlace() throws {
        let (server, h) = try syncedDaemon()  // the login's sync is over before the phone acts (oPodSync files an action under its own time)
        try h.playerctl("play")  // the newest episode, 50 s
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        try server.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "newest.mp3"), position: 40, total: 50)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(Double(try h.ask("position")) ?? 99 < 10, "still where it plays here")
        #expect(try earshot(h, "sync", "status").stdout.contains("1 place from another device waits"))
        try h.playerctl("pause")
        usleep(300_000)
        #expect(!(try earshot(h, "sync", "status").stdout.contains("wait for their episode")),
                "listening here went on after the phone's action: this place is the newest")
        #expect(Double(try h.ask("position")) ?? 99 < 10)
        usleep(1_500_000)  // the API's timestamps are whole seconds: the phone's next action is clearly later
        try server.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "newest.mp3"), position: 40, total: 50)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try h.wait(for: "position") { abs((Double($0) ?? 0) - 40) < 1 } != "", "paused, it moves to the phone's newer place")
        #expect(abs((Double(try h.ask("position")) ?? 0) - 40) < 1)
        #expect(try h.ask("status") == "Paused")
        #expect(h.terminate() == 0)
    }

    @Test func aWrongPasswordIsOneLineAndNothingIsKept() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        let refused = try login(h, server, password: "not-the-password")
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("refused"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("not-the-password"))
        #expect(try earshot(h, "sync", "status").stdout.contains("not set up"))
        #expect(h.terminate() == 0)
    }

    @Test func thePasswordGoesToTheSecretServiceWhenOneRunsAndIsFoundThereAfterARestart() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        let keyring = try TestKeyring(h)
        defer { keyring.stop() }
        #expect(try login(h, server).status == 0)
        #expect(try earshot(h, "sync", "status").stdout.contains("The password is kept in the Secret Service."))
        #expect(!FileManager.default.fileExists(atPath: h.stateDirectory + "/config/earshot/sync-password"), "no file beside it")
        #expect(h.terminate() == 0)
        try h.start(["--feed", h.feedURL.absoluteString])
        let again = try earshot(h, "sync", "now")
        #expect(again.status == 0, "the password was found in the keyring: \(again.stderr)")
        #expect(h.terminate() == 0)
    }

    /// A login flow whose reply names another server to poll: the token is never sent there.
    @Test func aNextcloudLoginFlowIsPolledOnlyOnTheServersOwnOrigin() throws {
        let elsewhere = try FixtureServer()
        let cloud = try NextcloudStandIn(pollBase: elsewhere.baseURL.absoluteString)
        let h = try DaemonHarness()
        let login = try Subprocess.run([EarshotProcess.executable, "sync", "login", "--nextcloud", cloud.url], busAddress: h.bus.address,
                                       context: h.context)
        #expect(login.status == 1, "\(login.stdout)\(login.stderr)")
        #expect(login.stderr.contains("the login is not sent there"), "\(login.stderr)")
        #expect(elsewhere.requests.isEmpty, "\(elsewhere.requests)")
        #expect(h.terminate() == 0)
    }

    @Test func aNextcloudLogsInThroughTheBrowserFlowAndItsQuirksAreRead() throws {
        let cloud = try NextcloudStandIn()
        let h = try DaemonHarness()
        try cloud.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "oldest.mp3"), position: 25, total: 50)
        let login = try Subprocess.run([EarshotProcess.executable, "sync", "login", "--nextcloud", cloud.url], busAddress: h.bus.address,
                                       context: h.context)
        #expect(login.status == 0, "\(login.stdout)\(login.stderr)")
        #expect(login.stdout.contains("\(cloud.url)/login/v2/flow/abc") && login.stdout.contains("Nextcloud gPodder Sync"), "\(login.stdout)")
        #expect(try earshot(h, "sync", "now").status == 0)
        let oldest = try #require(try episodes(h).first { $0["title"] as? String == "Oldest episode" })
        #expect(oldest["position"] as? Double == 25, "an upper-case PLAY with started -1 applies: \(oldest)")
        try h.playerctl("play")
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing")
        usleep(2_200_000)
        try h.playerctl("pause")
        #expect(try earshot(h, "sync", "now").status == 0)
        let sent = try cloud.actions().first { $0["episode"] as? String == audio(h, "newest.mp3") }
        #expect((sent?["position"] as? Int ?? 0) >= 1, "\(sent ?? [:])")
        #expect(cloud.requests.contains { $0.hasPrefix("POST /index.php/apps/gpoddersync/subscription_change/create") })
        #expect(!cloud.requests.contains { $0.contains("/api/2/") }, "no gpodder.net paths")
        #expect(h.terminate() == 0)
    }

    @Test func anActionForAnEpisodeNotHereYetIsKeptAndAppliedAfterTheRefreshThatBringsIt() throws {
        let server = try SyncServer()
        let h = try DaemonHarness()
        #expect(try login(h, server).status == 0)
        // oPodSync files an action under its own timestamp, not the upload's time: one uploaded after the
        // login's first sync read the server but stamped before it would fall behind that sync's cursor.
        #expect(try earshot(h, "sync", "now").status == 0)
        try server.phonePlayed(podcast: h.feedURL.absoluteString, episode: audio(h, "fresh.mp3"), position: 2, total: 3)
        #expect(try earshot(h, "sync", "now").status == 0)
        #expect(try earshot(h, "sync", "status").stdout.contains("1 place from another device waits"))
        let extra = """
            <item><guid>ep-fresh</guid><title>Fresh episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(audio(h, "fresh.mp3"))" type="audio/mpeg" length="1"/></item>
            """
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: extra))
        #expect(try earshot(h, "refresh").status == 0)
        var fresh: [String: Any]?
        for _ in 0..<200 {  // the refresh, then the sync after it, then the place: up to 20 s on a loaded machine
            fresh = try episodes(h).first { $0["title"] as? String == "Fresh episode" }
            if fresh?["position"] as? Double == 2 { break }
            usleep(100_000)
        }
        #expect(fresh?["position"] as? Double == 2, "the phone's place, kept until the episode arrived: \(fresh ?? [:])")
        #expect(!(try earshot(h, "sync", "status").stdout.contains("wait for their episode")))
        #expect(h.terminate() == 0)
    }
}
