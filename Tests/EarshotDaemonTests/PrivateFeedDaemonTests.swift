import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// A private feed behind HTTP Basic authentication, end to end: the daemon on a private bus (no Secret
/// Service there, so the password goes to the 0600 file), the real `earshot` command line, and a server
/// on 127.0.0.1 that answers 401 to anything without alice's password.
@Suite("earshot add of a private feed behind a password", .serialized)
struct PrivateFeedDaemonTests {
    static let user = "alice", password = "s3cret-Pa55"
    static let authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    static let challenge = Array(("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"members\"\r\n"
                                  + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)

    let h: DaemonHarness
    let members: FixtureServer
    var feed: URL { members.url("/feed.xml") }

    /// The members' server: the feed (its newest episode on the members' server, the middle one
    /// redirected to the harness's open server, another host), the cover and the audio, all behind the
    /// password.
    init() throws {
        h = try DaemonHarness()
        members = try FixtureServer()
        let text = AudioFixtures.feed(audioBase: members.baseURL).replacingOccurrences(of: "Daemon Show", with: "Members Show")
            .replacingOccurrences(of: "<guid>ep-", with: "<guid>members-")
        var routes: [String: FixtureResponse] = [
            "/feed.xml": .body(Array(text.utf8), contentType: "application/rss+xml"),
            "/art/cover.png": .body(try AudioFixtures.coverPNG(), contentType: "image/png"),
            "/audio/middle.mp3": .redirect(status: 302, to: h.server.url("/audio/middle.mp3").absoluteString),
        ]
        for (name, bytes) in try AudioFixtures.files() where name != "middle.mp3" {
            routes["/audio/\(name)"] = .shared(SharedBody(bytes), contentType: "audio/mpeg")
        }
        for (path, answer) in routes {
            members.route(path) { request in
                request.headers["authorization"] == Self.authorization ? answer : .raw(Self.challenge)
            }
        }
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    /// `earshot add FEED --user alice --password-stdin` with `password` on standard input.
    func addWithPassword(_ password: String) throws -> Subprocess.Output {
        try Subprocess.run(["/bin/sh", "-c", "printf '%s\\n' '\(password)' | '\(EarshotProcess.executable)' "
                            + "add \(feed.absoluteString) --user \(Self.user) --password-stdin"],
                           busAddress: h.bus.address, context: h.context)
    }

    var passwordFile: String { h.stateDirectory + "/config/earshot/feed-passwords" }

    @Test func aPrivateFeedAsksForAPasswordKeepsItOutOfTheLibraryAndSendsItOnlyToItsHost() throws {
        let bare = try earshot("add", feed.absoluteString)
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("asks for a user name and password")
                && bare.stderr.contains("--user NAME --password-stdin"), "\(bare.stderr)")

        let wrong = try addWithPassword("not-it")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("did not accept the user name and password"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: passwordFile), "a refused password is not kept")

        let added = try addWithPassword(Self.password)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Members Show") && added.stdout.contains("4 episodes"), "\(added.stdout)")

        // Kept in a file only the listener can read (written by the passwords' own worker, just after the
        // reply); nowhere else.
        let kept = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: passwordFile), Date() < kept { usleep(20_000) }
        var info = stat()
        #expect(stat(passwordFile, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: passwordFile, encoding: .utf8).contains(Self.password))
        let export = try earshot("export")
        #expect(export.status == 0 && !export.stdout.contains(Self.password) && !export.stdout.contains(Self.user + "@"))
        for file in try FileManager.default.contentsOfDirectory(atPath: h.stateDirectory + "/earshot") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: h.stateDirectory + "/earshot/" + file))
            #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "the password is in \(file)")
        }
        #expect(!h.daemonLog.contains(Self.password))

        // The cover came with the password; a download on the members' host too, and the one redirected
        // to another host went there without it.
        let episodes = try earshot("episodes", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(episodes.stdout.utf8)) as? [[String: Any]])
        let members = list.filter { ($0["podcast_title"] as? String) == "Members Show" }
        for title in ["Newest episode", "Middle episode"] {
            let id = try #require(members.first { $0["title"] as? String == title }?["id"] as? Int64, "\(members)")
            #expect(try earshot("download", String(id)).status == 0)
        }
        let deadline = Date().addingTimeInterval(15)
        var downloads = ""
        repeat {
            downloads = try earshot("downloads", "--json").stdout
            usleep(100_000)
        } while downloads.components(separatedBy: "\"completed\"").count < 3 && Date() < deadline
        #expect(downloads.components(separatedBy: "\"completed\"").count == 3, "\(downloads)\n\(h.daemonLog)")
        // The playlists' covers are fetched when a client asks for them.
        _ = try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                "/org/mpris/MediaPlayer2", "--method", "org.mpris.MediaPlayer2.Playlists.GetPlaylists",
                                "0", "20", "Alphabetical", "false"], busAddress: h.bus.address, context: h.context)
        let covered = Date().addingTimeInterval(5)
        while !self.members.requests.contains(where: { $0.path == "/art/cover.png" }), Date() < covered { usleep(50_000) }
        let asked = self.members.requests
        #expect(asked.contains { $0.path == "/art/cover.png" && $0.headers["authorization"] == Self.authorization })
        #expect(asked.contains { $0.path == "/audio/newest.mp3" && $0.headers["authorization"] == Self.authorization })
        let redirected = h.server.requests.filter { $0.path == "/audio/middle.mp3" }
        #expect(!redirected.isEmpty && redirected.allSatisfy { $0.headers["authorization"] == nil },
                "another host never sees the password")

        // After a restart the kept password serves the refresh.
        let before = self.members.requests.count { $0.path == "/feed.xml" }
        #expect(h.terminate() == 0)
        try h.start([])
        let refreshed = Date().addingTimeInterval(10)
        while self.members.requests.count(where: { $0.path == "/feed.xml" }) == before, Date() < refreshed { usleep(50_000) }
        let last = try #require(self.members.requests.last { $0.path == "/feed.xml" })
        #expect(last.headers["authorization"] == Self.authorization, "\(h.daemonLog)")

        // Removing the podcast forgets its password.
        #expect(try earshot("remove", "Members Show").status == 0)
        let forgotten = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: passwordFile), Date() < forgotten { usleep(50_000) }
        #expect(!FileManager.default.fileExists(atPath: passwordFile))
        #expect(h.terminate() == 0)
    }

    /// A web page on another origin that links to the private feed: the feed is what asks, so the
    /// refusal names the feed and its hint gives the password to the feed's origin, never the page's.
    @Test func aWebPageLeadingToAPrivateFeedNamesTheFeedAsTheOneAskingForAPassword() throws {
        let page = h.server.url("/show.html")
        h.server.serve("/show.html", body: Array("""
            <html><head><title>Show</title>
            <link rel="alternate" type="application/rss+xml" title="Members" href="\(feed.absoluteString)"></head><body></body></html>
            """.utf8), contentType: "text/html")
        let bare = try earshot("add", page.absoluteString)
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("\(feed.absoluteString): the server asks for a user name and password"), "\(bare.stderr)")
        let hint = "earshot add \(feed.absoluteString) --user NAME --password-stdin"
        #expect(bare.stderr.contains(hint), "\(bare.stderr)")

        // The hint works as written.
        let added = try addWithPassword(Self.password)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(h.server.requests.allSatisfy { $0.headers["authorization"] == nil }, "the page's server never sees the password")
        #expect(h.terminate() == 0)
    }

    @Test func anEpisodeOfAPrivateFeedStreamsWithItsPassword() throws {
        #expect(try addWithPassword(Self.password).status == 0)
        #expect(try earshot("play", "Members Show").status == 0)
        #expect(try h.wait(for: "status") { $0 == "Playing" } == "Playing", "\(h.daemonLog)")
        #expect(members.requests.contains { $0.path.hasPrefix("/audio/") && $0.headers["authorization"] == Self.authorization },
                "\(members.requests.map { "\($0.path) \($0.headers["authorization"] ?? "-")" })")
        #expect(h.terminate() == 0)
    }

    @Test func aPasswordWrittenIntoTheAddressWorksAndOnlyTheBareAddressIsKept() throws {
        var parts = try #require(URLComponents(url: feed, resolvingAgainstBaseURL: false))
        parts.user = Self.user
        parts.password = Self.password
        let added = try earshot("add", try #require(parts.url).absoluteString)
        #expect(added.status == 0, "\(added.stderr)")
        let podcasts = try earshot("podcasts", "--json").stdout
        #expect(podcasts.contains(feed.absoluteString) && !podcasts.contains(Self.password), "\(podcasts)")
        #expect(h.terminate() == 0)
    }

    @Test func withASecretServiceThePasswordGoesThereAndServesTheRefreshAfterARestart() throws {
        let keyring = try TestKeyring(h)
        defer { keyring.stop() }
        #expect(try addWithPassword(Self.password).status == 0)
        #expect(!FileManager.default.fileExists(atPath: passwordFile), "no file beside the Secret Service")
        let before = members.requests.count { $0.path == "/feed.xml" }
        #expect(h.terminate() == 0)
        try h.start([])
        let refreshed = Date().addingTimeInterval(10)
        while members.requests.count(where: { $0.path == "/feed.xml" }) == before, Date() < refreshed { usleep(50_000) }
        #expect(members.requests.last { $0.path == "/feed.xml" }?.headers["authorization"] == Self.authorization, "\(h.daemonLog)")
        #expect(h.terminate() == 0)
    }
}
