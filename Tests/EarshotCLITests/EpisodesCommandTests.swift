import EarshotTestSupport
import Foundation
import Testing

@Suite("earshot episodes: the command a person runs")
struct EpisodesCommandTests {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../EarshotFeedTests/Fixtures").standardizedFileURL

    @Test func printsAReadableTable() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", fixtures.appendingPathComponent("full-itunes.xml").path])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("The Example Show\nby Ada Lovelace\n"))
        #expect(run.stdout.contains("   1  2020-06-02   1:02:03  yes    Second & Last"))
        #expect(run.stdout.contains("2 episodes"))
    }

    @Test func printsJSONWithEveryFieldISODatesAndSeconds() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", fixtures.appendingPathComponent("full-itunes.xml").absoluteString, "--json"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "The Example Show")
        let episodes = try #require(object["episodes"] as? [[String: Any]])
        #expect(episodes.count == 2)
        let first = episodes[0]
        #expect(first["id"] as? String == "ep-2")
        #expect(first["durationSeconds"] as? Double == 3723)
        #expect(first["releaseDate"] as? String == "2020-06-02T17:00:00Z")
        #expect(first["releaseDateText"] as? String == "Tue, 02 Jun 2020 10:00:00 PDT")
        #expect(first["season"] as? Int == 2)
        #expect(first["description"] as? String == "Full notes with a link.\n\n• One\n\n• Two\n\nCafé “quoted” end")
    }

    @Test func anUnreachableFeedIsOneClearLineAndAFailingStatus() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", FixtureServer.closedPortURL("/feed.xml").absoluteString])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(run.stderr.hasPrefix("earshot: http://127.0.0.1:"))
        #expect(run.stderr.contains("refused the connection"))
    }

    @Test func aDocumentThatIsNotAFeedSaysWhy() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", fixtures.appendingPathComponent("not-a-feed.json").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not a readable feed: the document is JSON, not an RSS or Atom feed"))
    }

    @Test func somethingThatIsNeitherURLNorFileIsRefused() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", "no-such-thing"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: “no-such-thing” is neither a URL nor an existing file\n")
    }

    @Test func anUnknownFlagIsAUsageError() throws {
        let run = try EarshotProcess.run(["episodes", "--feed", "x", "--bogus"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("Unknown option '--bogus'"))
    }

    @Test(arguments: [["--bogus"], ["serve", "--refresh-interval", "soon"], ["episodes", "--feed", "x", "--unplayed"]])
    func aBadCommandLineIsOneLinePointingAtHelp(arguments: [String]) throws {
        let run = try EarshotProcess.run(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(run.status == 64, "EX_USAGE")
        #expect(run.stderr.hasPrefix("earshot: "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(" (see earshot --help)\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func helpAndVersionStillPrintAndSucceed() throws {
        let help = try EarshotProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE"))
        let version = try EarshotProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }
}
