import EarshotMPRIS
import Foundation
import Testing

/// `earshot refresh` and `import` (progress, failures at the end), terminals, and a missing daemon.
@Suite("Long jobs, terminals and failures")
struct LongJobAndFailureTests {
    @Test func refreshPrintsNewEpisodesAndTotalsAndNothingElseWhenPiped() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["refresh"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Daily News: 2 new episodes\nRefreshed 3 podcasts: 2 new episodes.\n")
        #expect(run.stderr.isEmpty, "no progress bar in a pipe")
        #expect(earshot.library.calls(of: "Refresh") == [[.array(elementSignature: "x", [])]])
    }

    @Test func refreshJSONHasOneResultPerPodcastWithTheDocumentedKeys() throws {
        let library = FakeLibrary()
        library.feedFailures = ["garden": "the server answered 500"]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["refresh", "--json"])
        #expect(run.status == 1)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(results.count == 3)
        #expect(Set(results[0].keys) == ["url", "podcast", "title", "episodes", "new_episodes", "not_modified"])
        #expect(results[0]["new_episodes"] as? Int == 2)
        #expect(results[2]["error"] as? String == "the server answered 500")
    }

    @Test func refreshOfOnePodcastNamesIt() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["refresh", "hour"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Refreshed 1 podcast: no new episodes.\n")
        #expect(earshot.library.calls(of: "Refresh") == [[.array(elementSignature: "x", [.int64(2)])]])
    }

    @Test func refreshDrawsAProgressBarOnATerminalFromTheProgressSignal() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["refresh"], terminal: true, columns: 70)
        #expect(run.status == 0)
        #expect(run.stdout.contains("\rRefreshing [====================] 3/3"), "\(run.stdout.debugDescription)")
        #expect(run.stdout.contains("\r\u{1B}[K"), "the bar is erased before the results")
        #expect(run.stdout.hasSuffix("Refreshed 3 podcasts: 2 new episodes.\n"))
    }

    @Test func aFailedRefreshIsListedAndTheStatusIsOne() throws {
        let library = FakeLibrary()
        library.feedFailures = ["garden": "the server answered 500"]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["refresh"])
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("Refreshed 2 podcasts: 2 new episodes; 1 failed.\n"))
        #expect(run.stderr == "earshot: https://garden.example.org/podcast.xml: the server answered 500\n")
    }

    @Test func importSubscribesToEveryFeedWithAutoQueueOffAndListsFailuresAtTheEnd() throws {
        let library = FakeLibrary()
        library.feedFailures = ["down": "could not reach the feed: down.example refused the connection"]
        let earshot = try FakeEarshot(library: library)
        let file = try opmlFile(["https://a.example/feed.xml", "https://down.example/rss", "https://b.example/podcast"])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try earshot.run(["import", file])
        #expect(run.status == 1)
        #expect(library.calls(of: "Subscribe") == [[
            .stringArray(["https://a.example/feed.xml", "https://down.example/rss", "https://b.example/podcast"]), .boolean(false),
        ]])
        #expect(run.stdout == "Subscribed to 2 of 3 feeds in \(file) (auto-queue off).\n")
        #expect(run.stderr == "earshot: https://down.example/rss: could not reach the feed: down.example refused the connection\n")
    }

    @Test func importShowsAProgressBarOnATerminal() throws {
        let earshot = try FakeEarshot()
        let file = try opmlFile(["https://a.example/feed.xml", "https://b.example/podcast"])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try earshot.run(["import", file], terminal: true, columns: 60)
        #expect(run.status == 0)
        #expect(run.stdout.contains("\rImporting [>                   ] 0/2"))
        #expect(run.stdout.contains("\rImporting [====================] 2/2"))
        #expect(run.stdout.hasSuffix("Subscribed to 2 of 2 feeds in \(file) (auto-queue off).\n"))
    }

    @Test func importOfAFileThatIsNotOPMLNamesTheFile() throws {
        let earshot = try FakeEarshot()
        let run = try earshot.run(["import", "/nonexistent/subscriptions.opml"])
        #expect(run.status == 1)
        #expect(run.stderr == "earshot: cannot read /nonexistent/subscriptions.opml: No such file or directory\n")
        #expect(earshot.library.calls.isEmpty)
    }

    @Test func importReadsAnOPMLFileInPiecesSoItsSizeDoesNotAddToTheMemoryPeak() throws {
        let earshot = try FakeEarshot()
        let small = try opmlFile(["https://a.example/feed.xml"])
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-import-\(UUID().uuidString).opml").path
        defer { try? FileManager.default.removeItem(atPath: small); try? FileManager.default.removeItem(atPath: big) }
        // 64 MiB: ten feeds among comments (which the reader passes over), so the file's size is what counts.
        FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: big))
        handle.write(Data("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n".utf8))
        let comment = Data(("<!-- " + String(repeating: "x", count: (64 << 10) - 9) + " -->\n").utf8)
        for index in 0..<1024 {
            if index % 100 == 0 {
                handle.write(Data("<outline type=\"rss\" text=\"S\(index)\" xmlUrl=\"https://example.com/\(index).xml\"/>\n".utf8))
            }
            handle.write(comment)
        }
        handle.write(Data("</body></opml>\n".utf8))
        try handle.close()
        let baseline = try earshot.run(["import", small])
        let run = try earshot.run(["import", big])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Subscribed to 11 of 11 feeds in \(big) (auto-queue off).\n")
        #expect(run.peakResidentKilobytes < baseline.peakResidentKilobytes + 16 << 10,
                "\(run.peakResidentKilobytes) KiB for a 64 MiB file, \(baseline.peakResidentKilobytes) KiB for a small one")
    }

    @Test func tablesOnATerminalAreCutToItsWidth() throws {
        let library = FakeLibrary()
        library.podcasts[0].title = "A podcast whose title is far too long for a narrow terminal window"
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["podcasts"], terminal: true, columns: 60)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines[1].contains("…"))
    }

    @Test func withoutADaemonOrActivationItSaysEarshotCouldNotBeStarted() throws {
        let earshot = try FakeEarshot(serving: false)
        let run = try earshot.run(["status"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("earshot: Earshot is not running and could not be started: "))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aDaemonWhoseActivationFailsSaysEarshotCouldNotBeStarted() throws {
        let services = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: services) }
        try "[D-BUS Service]\nName=org.mpris.MediaPlayer2.earshot\nExec=/bin/false\n"
            .write(to: services.appendingPathComponent("org.mpris.MediaPlayer2.earshot.service"), atomically: true, encoding: .utf8)
        let earshot = try FakeEarshot(serving: false, busConfiguration: ["<servicedir>\(services.path)</servicedir>"])
        let run = try earshot.run(["podcasts"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("earshot: Earshot is not running and could not be started: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aDaemonWithoutTheInterfaceIsToldApart() throws {
        let library = FakeLibrary()
        library.failures["Status"] = .unknownMethod("no Status here")
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["status"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("earshot: the running Earshot does not offer org.earshot.Earshot1"))
    }

    private func opmlFile(_ urls: [String]) throws -> String {
        let outlines = urls.map { "    <outline type=\"rss\" text=\"\($0)\" xmlUrl=\"\($0)\"/>" }.joined(separator: "\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-import-\(UUID().uuidString).opml").path
        try "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n\(outlines)\n</body></opml>\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
