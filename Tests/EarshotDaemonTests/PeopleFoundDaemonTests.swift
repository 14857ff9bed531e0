import EarshotTestSupport
import Foundation
import Testing

/// People the feeds name (`podcast:person`) are found by `earshot find` and by the desktop's search
/// (GNOME Shell's provider and KRunner, through their real D-Bus interfaces on a private bus).
@Suite("People found by find, GNOME Shell and KRunner", .serialized)
struct PeopleFoundDaemonTests {
    let h: DaemonHarness

    init() throws {
        h = try DaemonHarness()
        let item = """
            <item><guid>ep-guest</guid><title>Money and machines</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <description>A conversation.</description>
              <podcast:person role="guest" href="https://example.org/ada">Ada Lovelace</podcast:person>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
            """
        let feed = AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: item)
            .replacingOccurrences(of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"")
        h.server.serve("/people.xml", body: Array(feed.utf8), contentType: "application/rss+xml")
    }

    func earshot(_ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    func call(_ method: String, _ arguments: String...) throws -> Subprocess.Output {
        try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                            "/org/earshot/Earshot/Search", "--method", method] + arguments, busAddress: h.bus.address, context: h.context)
    }

    @Test func aGuestIsFoundByFindByGnomeShellAndByKRunner() throws {
        #expect(try earshot("add", h.server.url("/people.xml").absoluteString).status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try earshot("episodes", "--json").stdout.utf8)) as? [[String: Any]])
        let guest = try #require(list.first { $0["title"] as? String == "Money and machines" }?["id"] as? Int64)

        let found = try earshot("find", "lovelace")
        #expect(found.status == 0 && found.stdout.contains("“Money and machines”") && found.stdout.contains("guest in this episode: Ada Lovelace"),
                "\(found.stdout)\(found.stderr)")
        let json = try earshot("find", "ada love", "--json")
        #expect(json.stdout.contains("\"place\" : \"person\"") && json.stdout.contains("\"role\" : \"guest\""), "\(json.stdout)")

        let initial = try call("org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['lovelace']")
        #expect(initial.status == 0 && initial.stdout.contains("'episode:\(guest)'"), "\(initial.stdout)\(initial.stderr)")
        let metas = try call("org.gnome.Shell.SearchProvider2.GetResultMetas", "['episode:\(guest)']")
        #expect(metas.stdout.contains("'name': <'Money and machines'>") && metas.stdout.contains("With Ada Lovelace"), "\(metas.stdout)")
        let narrowed = try call("org.gnome.Shell.SearchProvider2.GetSubsearchResultSet", "['episode:\(guest)']", "['ada', 'lovelace']")
        #expect(narrowed.stdout.contains("'episode:\(guest)'"), "\(narrowed.stdout)")

        let matched = try call("org.kde.krunner1.Match", "lovelace")
        #expect(matched.stdout.contains("('episode:\(guest)', 'Money and machines', 'earshot'") && matched.stdout.contains("With Ada Lovelace"),
                "\(matched.stdout)")
        #expect(h.terminate() == 0)
    }
}
