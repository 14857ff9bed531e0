import EarshotGLib
import EarshotTestSupport
import Foundation
import Glibc
import Testing

/// Transcripts made on this computer, end to end: the real daemon with the fake recogniser
/// (`Transcriber/fake-transcriber`, one segment per 2 s of sound), generated audio downloaded from a
/// local server, the real command line, and UPower played by python-dbusmock on a private system bus.
@Suite("Daemon: transcripts made on this computer", .serialized)
struct TranscriptionDaemonTests {
    static let fake = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcriber/fake-transcriber").path

    let runs: String

    init() {
        runs = FileManager.default.temporaryDirectory.appendingPathComponent("fake-transcriber-\(UUID().uuidString).log").path
    }

    func harness(pace: Double = 0, _ extra: [String: String?] = [:]) throws -> DaemonHarness {
        try DaemonHarness(environment: ["EARSHOT_TRANSCRIBER": Self.fake, "FAKE_TRANSCRIBER_LOG": runs,
                                        "FAKE_TRANSCRIBER_PACE": String(pace)].merging(extra) { _, new in new })
    }

    static func earshot(_ h: DaemonHarness, _ arguments: String...) throws -> Subprocess.Output {
        try EarshotProcess.run(arguments, environment: h.environment)
    }

    static func episode(_ h: DaemonHarness, _ title: String) throws -> Int64 {
        let run = try earshot(h, "episodes", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
        return try #require(list.first { $0["title"] as? String == title }?["id"] as? Int64)
    }

    /// `earshot transcript EPISODE --json`, polled until `condition` holds (or `seconds` pass).
    static func transcript(_ h: DaemonHarness, _ episode: Int64, seconds: Double = 30,
                           until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String: Any] = [:]
        repeat {
            let run = try earshot(h, "transcript", String(episode), "--json")
            if run.status == 0, let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] {
                last = object
                if condition(object) { return object }
            }
            usleep(200_000)
        } while Date() < deadline
        return last
    }

    static func texts(_ transcript: [String: Any]) -> [String] {
        (transcript["segments"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// The runs the fake recogniser logged: (pid, offset).
    func loggedRuns() -> [(pid: pid_t, offset: Double)] {
        ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let pid = pid_t(parts[0]), let offset = Double(parts[1]) else { return nil }
            return (pid, offset)
        }
    }

    func waitForRuns(_ count: Int, seconds: Double = 20) -> [(pid: pid_t, offset: Double)] {
        let deadline = Date().addingTimeInterval(seconds)
        while loggedRuns().count < count && Date() < deadline { usleep(100_000) }
        return loggedRuns()
    }

    /// The one-letter state of a process in /proc (R, S, T, Z…), nil once it is gone.
    static func processState(_ pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    static func waitForState(_ pid: pid_t, seconds: Double = 10, _ wanted: (Character?) -> Bool) -> Character? {
        let deadline = Date().addingTimeInterval(seconds)
        var state = processState(pid)
        while !wanted(state) && Date() < deadline {
            usleep(50_000)
            state = processState(pid)
        }
        return state
    }

    /// "segment 1" … "segment N", each once, in order.
    static func inOrder(_ texts: [String]) -> Bool {
        texts.enumerated().allSatisfy { $1 == "segment \($0 + 1)" }
    }

    @Test func anEpisodeAskedForIsDownloadedTranscribedAndShownAsGeneratedInTranscriptAndFind() throws {
        let h = try harness()
        let newest = try Self.episode(h, "Newest episode")
        let asked = try Self.earshot(h, "transcribe", String(newest))
        #expect(asked.status == 0 && asked.stdout.contains("downloading first"), "\(asked.stdout)\(asked.stderr)")
        let done = try Self.transcript(h, newest) { $0["complete"] as? Bool == true }
        let texts = Self.texts(done)
        #expect(texts.count >= 25 && Self.inOrder(texts), "one segment per 2 s of the 50 s episode: \(texts)\n\(h.daemonLog)")
        #expect(done["generator"] as? String == "fake" && done["generator_model"] as? String == "two-seconds")
        let starts = (done["segments"] as? [[String: Any]] ?? []).prefix(5).compactMap { $0["start"] as? Double }
        #expect(starts.enumerated().allSatisfy { abs($1 - Double($0 * 2)) <= 0.5 }, "times within 0.5 s: \(starts)")

        let shown = try Self.earshot(h, "transcript", String(newest))
        #expect(shown.stdout.hasPrefix("Generated on this computer by fake two-seconds"), "\(shown.stdout)")
        #expect(shown.stdout.contains("[0:02] segment 2") || shown.stdout.contains("[00:02] segment 2"), "\(shown.stdout)")
        let found = try Self.earshot(h, "find", "segment")
        #expect(found.stdout.contains("transcript (generated by fake two-seconds)"), "\(found.stdout)\(found.stderr)")
        let search = { (method: String, arguments: [String]) throws -> String in
            try Subprocess.run(["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path",
                                "/org/earshot/Earshot/Search", "--method", method] + arguments, busAddress: h.bus.address, context: h.context).stdout
        }
        let initial = try search("org.gnome.Shell.SearchProvider2.GetInitialResultSet", ["['segment']"])
        let moment = try #require(initial.split(separator: "'").first { $0.hasPrefix("moment:\(newest):") }, "\(initial)")
        let metas = try search("org.gnome.Shell.SearchProvider2.GetResultMetas", ["['\(moment)']"])
        #expect(metas.contains("transcript generated by fake two-seconds"), "GNOME Shell's description: \(metas)")
        let matches = try search("org.kde.krunner1.Match", ["segment"])
        #expect(matches.contains("transcript generated by fake two-seconds"), "KRunner's: \(matches)")
        let status = try Self.earshot(h, "transcribe", "--status", "--json")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status.stderr)")
        #expect(record["installed"] as? Bool == true && record["engine"] as? String == "fake")
        #expect(record["running"] == nil)
    }

    @Test func aKilledRecogniserAndAKilledDaemonLoseNothingStoredAndResumeAfterTheLastSegment() throws {
        let h = try harness(pace: 0.25)
        let newest = try Self.episode(h, "Newest episode")
        #expect(try Self.earshot(h, "transcribe", String(newest)).status == 0)
        let some = try Self.transcript(h, newest) { Self.texts($0).count >= 4 }
        #expect(Self.texts(some).count >= 4)
        let first = try #require(waitForRuns(1).first)
        kill(first.pid, SIGKILL)
        usleep(300_000)
        let kept = Self.texts(try Self.transcript(h, newest) { _ in true })
        #expect(kept.count >= 4 && Self.inOrder(kept), "what was stored stays: \(kept)")
        // Asked again, it starts at once (rather than after its wait) from the last stored segment.
        #expect(try Self.earshot(h, "transcribe", String(newest)).status == 0)
        let second = try #require(waitForRuns(2).dropFirst().first, "\(h.daemonLog)")
        #expect(second.offset == Double(kept.count * 2), "resumes at the end of segment \(kept.count): \(second.offset)")
        _ = try Self.transcript(h, newest) { Self.texts($0).count >= kept.count + 3 }
        h.kill9()
        try h.start(["--feed", h.feedURL.absoluteString])
        let done = try Self.transcript(h, newest, seconds: 40) { $0["complete"] as? Bool == true }
        let texts = Self.texts(done)
        #expect(texts.count >= 25 && Self.inOrder(texts), "nothing lost, nothing twice: \(texts)\n\(h.daemonLog)")
        let all = loggedRuns()
        #expect(all.count >= 3 && all[2].offset > second.offset, "the restarted daemon resumed after what was stored: \(all)")
    }

    @Test func onBatteryTheRecogniserIsStoppedAndOnMainsItGoesOn() throws {
        let system = try PrivateBus()
        defer { system.stop() }
        let mock = try ChildProcess(["/usr/bin/python3", "-m", "dbusmock", "--template", "upower"],
                                    environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address, "DBUS_SESSION_BUS_ADDRESS": nil])
        defer { mock.signal(SIGTERM); _ = mock.wait() }
        let context = MainContext()
        let upower = ["gdbus", "call", "--address", system.address, "--dest", "org.freedesktop.UPower", "--object-path", "/org/freedesktop/UPower"]
        let deadline = Date().addingTimeInterval(10)
        while try Subprocess.run(upower + ["--method", "org.freedesktop.DBus.Peer.Ping"], busAddress: system.address, context: context).status != 0,
              Date() < deadline { usleep(100_000) }
        let h = try harness(pace: 1, ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
        let newest = try Self.episode(h, "Newest episode")
        #expect(try Self.earshot(h, "transcribe", String(newest)).status == 0)
        let run = try #require(waitForRuns(1).first, "\(h.daemonLog)")
        let onBattery = { (value: Bool) throws in
            let set = try Subprocess.run(upower + ["--method", "org.freedesktop.DBus.Properties.Set", "org.freedesktop.UPower", "OnBattery",
                                                   "<\(value)>"], busAddress: system.address, context: context)
            #expect(set.status == 0, "\(set.stderr)")
        }
        try onBattery(true)
        #expect(Self.waitForState(run.pid) { $0 == "T" } == "T", "stopped on battery\n\(h.daemonLog)")
        let status = try Self.earshot(h, "transcribe", "--status")
        #expect(status.stdout.contains("Paused: on battery"), "\(status.stdout)")
        let before = Self.texts(try Self.transcript(h, newest) { _ in true }).count
        usleep(1_500_000)
        #expect(Self.texts(try Self.transcript(h, newest) { _ in true }).count == before, "nothing heard while paused")
        try onBattery(false)
        #expect(Self.waitForState(run.pid) { $0 != "T" } != "T", "going on on mains power")
        let more = try Self.transcript(h, newest) { Self.texts($0).count > before }
        #expect(Self.texts(more).count > before)
    }

    @Test func anEpisodeInALanguageTheEngineDoesNotKnowIsRefusedWithTheReasonTranscriptShows() throws {
        let h = try harness()
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL).replacingOccurrences(of: "<channel><title>",
                                                                                          with: "<channel><language>zh-CN</language><title>"))
        // Under load the start-up refresh, which read the feed before its language was added, can still
        // be under way when `refresh` is asked for: refresh until the language has been read.
        let middle = try Self.episode(h, "Middle episode")
        var shown = try Self.earshot(h, "transcript", String(middle))
        for _ in 0..<5 where !shown.stderr.contains("zh-CN") {
            #expect(try Self.earshot(h, "refresh").status == 0)
            shown = try Self.earshot(h, "transcript", String(middle))
        }
        #expect(shown.status != 0 && shown.stderr.contains("its feed's language is zh-CN, which the transcriber (fake two-seconds) does not know"),
                "\(shown.stderr)")
        let asked = try Self.earshot(h, "transcribe", String(middle))
        #expect(asked.status != 0 && asked.stderr.contains("is not transcribed: its feed's language is zh-CN"), "\(asked.stderr)")
        #expect(loggedRuns().isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func aFullDiskMidEpisodeLosesNothingStoredAndTheEpisodeGoesOnOnceThereIsRoom() throws {
        let h = try harness(pace: 0.2)
        let newest = try Self.episode(h, "Newest episode")
        h.kill9()
        // The state folder (the database) moves onto a 2 MiB tmpfs.
        let state = h.stateDirectory + "/earshot", kept = h.stateDirectory + "/earshot-before"
        try FileManager.default.moveItem(atPath: state, toPath: kept)
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(try Self.tool("/usr/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", state) == 0)
        defer { _ = try? Self.tool("/usr/bin/umount", "-l", state) }
        #expect(try Self.tool("/usr/bin/cp", "-a", kept + "/.", state) == 0)
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try Self.earshot(h, "transcribe", String(newest)).status == 0)
        _ = try Self.transcript(h, newest) { Self.texts($0).count >= 3 }
        _ = try Self.tool("/usr/bin/dd", "if=/dev/zero", "of=\(state)/filler", "bs=4096", "status=none")
        usleep(2_000_000)
        #expect(try Self.earshot(h, "status").status == 0, "the daemon answers with the disk full")
        #expect(h.daemonLog.contains("failed (cannot store what was heard)"), "the disk was full: \(h.daemonLog)")
        let during = Self.texts(try Self.transcript(h, newest) { _ in true })
        #expect(during.count >= 3 && Self.inOrder(during), "what was stored stays: \(during)")
        try FileManager.default.removeItem(atPath: state + "/filler")
        #expect(try Self.earshot(h, "transcribe", String(newest)).status == 0)
        let done = try Self.transcript(h, newest, seconds: 40) { $0["complete"] as? Bool == true }
        #expect(Self.texts(done).count >= 25 && Self.inOrder(Self.texts(done)), "\(Self.texts(done))\n\(h.daemonLog)")
        _ = h.terminate()
    }

    static func tool(_ path: String, _ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func withoutTheEngineEverythingWorksAndStatusSaysWhatToRun() throws {
        let h = try DaemonHarness(environment: ["EARSHOT_TRANSCRIBER": nil])
        let status = try Self.earshot(h, "transcribe", "--status")
        #expect(status.status == 0 && status.stdout.contains("not installed") && status.stdout.contains("transcriber"), "\(status.stdout)")
        let newest = try Self.episode(h, "Newest episode")
        let asked = try Self.earshot(h, "transcribe", String(newest))
        #expect(asked.status != 0 && asked.stderr.contains("not installed"), "\(asked.stderr)")
    }
}

/// The real recogniser (`earshot-transcriber`, set up by `make transcriber`) on speech made by espeak-ng:
/// run when `EARSHOT_TRANSCRIBER` names it or `.build/transcriber` holds it, else skipped with a message.
@Suite("Daemon: the real recogniser", .serialized)
struct RealTranscriberDaemonTests {
    static let helper: String? = {
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/transcriber/bin/earshot-transcriber").path
        let named = ProcessInfo.processInfo.environment["EARSHOT_TRANSCRIBER"]
        return [named, built].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.enabled(if: helper != nil, "no earshot-transcriber: set EARSHOT_TRANSCRIBER or run make transcriber to test the real one"))
    func espeakSpeechIsTranscribedIntoWordsThatCanBeFound() throws {
        let speech = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-speech-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: speech) }
        let spoken = try ChildProcess(["espeak-ng", "-w", speech, "The quick brown fox jumps over the lazy dog. Podcasts are wonderful."]).wait()
        try #require(spoken == 0)
        let h = try DaemonHarness(environment: ["EARSHOT_TRANSCRIBER": Self.helper])
        h.server.serve("/audio/speech.wav", body: Array(try Data(contentsOf: URL(fileURLWithPath: speech))), contentType: "audio/wav")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL, extraItems: """
            <item><guid>ep-speech</guid><title>Speech episode</title><pubDate>Thu, 04 Jan 2024 10:00:00 GMT</pubDate>
              <enclosure url="\(h.server.baseURL.absoluteString)/audio/speech.wav" type="audio/wav" length="1"/></item>
            """))
        // The start's own refresh may still be under way with the feed as it was (a refresh asked for
        // meanwhile joins it): refresh until the new episode is there.
        let deadline = Date().addingTimeInterval(60)
        var listed: Int64?
        repeat {
            #expect(try TranscriptionDaemonTests.earshot(h, "refresh").status == 0)
            let list = try JSONSerialization.jsonObject(with: Data(try TranscriptionDaemonTests.earshot(h, "episodes", "--json").stdout.utf8))
            listed = (list as? [[String: Any]])?.first { $0["title"] as? String == "Speech episode" }?["id"] as? Int64
        } while listed == nil && Date() < deadline
        let episode = try #require(listed, "the refreshed feed's new episode never appeared")
        #expect(try TranscriptionDaemonTests.earshot(h, "transcribe", String(episode)).status == 0)
        let done = try TranscriptionDaemonTests.transcript(h, episode, seconds: 120) { $0["complete"] as? Bool == true }
        let words = TranscriptionDaemonTests.texts(done).joined(separator: " ").lowercased()
        #expect(words.contains("fox") && words.contains("lazy dog"), "\(words)\n\(h.daemonLog)")
        let found = try TranscriptionDaemonTests.earshot(h, "find", "fox")
        #expect(found.stdout.contains("transcript (generated by"), "\(found.stdout)")
    }
}
