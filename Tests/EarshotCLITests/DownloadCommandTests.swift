@testable import earshot
import EarshotMPRIS
import Foundation
import Testing

@Suite("CLI: download, downloads, delete and the library's download settings")
struct DownloadCommandTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func running() -> DownloadItem {
        DownloadItem(episode: 7, podcast: 1, title: "Interview", podcastTitle: "Daily News", state: "downloading", path: "/d/Interview.mp3",
                     bytes: 5 << 20, totalBytes: 20 << 20, rate: Double(1 << 20), eta: 15, error: nil, attempts: 0)
    }

    @Test func aRunningDownloadShowsABarItsSizeRateAndTimeLeft() {
        let text = DownloadList.render([Self.running()], width: 100, now: Self.now)
        #expect(text == """
            #7 Interview (Daily News)
              [=====>              ] 25%  5.0 MB of 20.0 MB  1.0 MB/s  ~15 s left
            """)
    }

    @Test func failedOnesShowTheirReasonAndNextTryCompletedOnesTheirFile() {
        let failed = DownloadItem(episode: 8, title: "Gone", state: "failed", bytes: 0, error: "the server answered HTTP 500",
                                  attempts: 1, nextAttempt: Self.now.addingTimeInterval(120))
        let done = DownloadItem(episode: 9, title: "Here", state: "completed", path: "/d/Here.mp3", bytes: 2048)
        let text = DownloadList.render([done, failed, Self.running()], width: nil, now: Self.now)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "#7 Interview (Daily News)", "running ones first")
        #expect(lines[3] == "  failed: the server answered HTTP 500; trying again in 2 min")
        #expect(lines[5] == "  downloaded, 2.0 KB  /d/Here.mp3")
    }

    @Test func downloadsAsJSONCarryTheBusKeys() throws {
        let library = FakeLibrary()
        library.downloads = [.vardict([
            ("episode", .int64(3)), ("state", .string("failed")), ("bytes", .int64(0)),
            ("error", .string("the server answered HTTP 404 Not Found")), ("attempts", .uint32(1)),
        ])]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["downloads", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.first?["error"] as? String == "the server answered HTTP 404 Not Found")
        #expect(list.first?["state"] as? String == "failed")
    }

    @Test func downloadAndDeleteNameEpisodesByNumber() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["download", "11", "21"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Download") == [[.array(elementSignature: "x", [.int64(11), .int64(21)])]])
        let delete = try earshot.run(["delete", "21"])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout == "Deleted the file of episode 21.\n")
    }

    @Test func aDownloadAskedForOnAMeteredConnectionSaysItRunsAnyway() throws {
        let earshot = try FakeEarshot()
        earshot.library.replies["Download"] = [.boolean(true)]
        let run = try earshot.run(["download", "11"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Downloading episode 11 (see earshot downloads).\n"
            + "The connection is metered: this download runs anyway, as you asked for it.\n")
        earshot.library.replies["Download"] = [.boolean(false)]
        let unmetered = try earshot.run(["download", "11"])
        #expect(unmetered.stdout == "Downloading episode 11 (see earshot downloads).\n", "no word of it when not metered")
    }

    @Test func setAllSendsLibrarySettingsForPodcastZero() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["set", "all", "download-ahead", "5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(earshot.library.calls(of: "Set") == [[.int64(0), .string("download-ahead"), .variant(.double(5))]])
        let budget = try earshot.run(["set", "all", "download-budget", "5GiB"])
        #expect(budget.status == 0, "\(budget.stderr)")
        #expect(earshot.library.calls(of: "Set").last == [.int64(0), .string("download-budget"), .variant(.string("5GiB"))])
    }
}

@Suite("Configuration file: the download keys")
struct DownloadConfigurationTests {
    private static func load(_ text: String) throws -> Configuration {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-\(UUID().uuidString).conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Configuration.load(from: path)
    }

    @Test func downloadKeysSetTheDefaultsTheDaemonStartsWith() throws {
        let configuration = try Self.load("""
            download-ahead = 5
            max-downloads = 4   # four at once
            download-grace = never
            download-budget = 500MB
            auto-download = on
            """)
        #expect(configuration.downloads.ahead == 5 && configuration.downloads.maximum == 4)
        #expect(configuration.downloads.grace == nil && configuration.downloads.budget == 500 << 20)
        #expect(configuration.downloads.autoDownload)
    }

    @Test func aBadDownloadValueIsOneLineNamingTheFileAndLine() throws {
        do {
            _ = try Self.load("verbose = false\ndownload-budget = lots\n")
            Issue.record("a bad value was accepted")
        } catch let failure as CommandFailure {
            #expect("\(failure)".hasSuffix(".conf, line 2: download-budget is a size like 2GiB, 500MB or unlimited, not “lots”"),
                    "\(failure)")
        }
    }
}
