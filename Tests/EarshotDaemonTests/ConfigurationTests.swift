import EarshotTestSupport
import Foundation
import Testing

/// The configuration file and the folder flags, with the real daemon.
@Suite("earshot serve: configuration", .serialized)
struct ConfigurationTests {
    @Test func theConfigurationFileSuppliesTheFeedAndTheStateFolder() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        let custom = h.stateDirectory + "/custom-state"
        try h.writeConfiguration("""
            # Earshot settings
            feed = \(h.feedURL.absoluteString)
            state-dir = \(custom)   # the database goes here
            refresh-interval = 60
            """)
        try h.start([])
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        #expect(FileManager.default.fileExists(atPath: custom + "/earshot.sqlite"))
        #expect(h.terminate() == 0)
    }

    @Test func flagsWinOverTheConfigurationFile() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        try h.writeConfiguration("feed = /nonexistent/feed.xml\n")
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        #expect(h.terminate() == 0)
    }

    @Test func anUnreadableConfigurationLineIsOneClearError() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        try h.writeConfiguration("feed = \(h.feedURL.absoluteString)\nvolume = 11\n")
        let run = try EarshotProcess.run([], environment: h.environment)
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("earshot.conf, line 2: unknown setting “volume”"), "\(run.stderr)")
    }

    @Test func anUnusableStateFolderIsOneClearError() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        let blocker = h.stateDirectory + "/not-a-folder"
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let run = try EarshotProcess.run(["--feed", h.feedURL.absoluteString, "--state-dir", blocker + "/state"],
                                         environment: h.environment)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("earshot: cannot open the database: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// 71583 minutes overflowed the loop's millisecond timer and crashed the daemon once it owned its
    /// name; anything over a week is now refused before the daemon starts, from the flag or the file.
    @Test func aRefreshIntervalOverAWeekIsRefusedWithOneLineAndAWeekIsAccepted() throws {
        let h = try DaemonHarness()
        #expect(h.terminate() == 0)
        let flag = try EarshotProcess.run(["--feed", h.feedURL.absoluteString, "--refresh-interval", "71583"],
                                          environment: h.environment)
        #expect(flag.status == 1)
        #expect(flag.stderr == "earshot: --refresh-interval must be from 1 to 10080 minutes (a week)\n", "\(flag.stderr)")

        try h.writeConfiguration("refresh-interval = 71583\n")
        let file = try EarshotProcess.run(["--feed", h.feedURL.absoluteString], environment: h.environment)
        #expect(file.status == 1)
        #expect(file.stderr.split(separator: "\n").count == 1)
        #expect(file.stderr.contains("earshot.conf, line 1: refresh-interval is a number of minutes from 1 to 10080"),
                "\(file.stderr)")

        try h.writeConfiguration("refresh-interval = 10080\n")
        try h.start(["--feed", h.feedURL.absoluteString])
        #expect(try h.ask("metadata", "xesam:album") == "Daemon Show")
        #expect(h.terminate() == 0)
    }
}
