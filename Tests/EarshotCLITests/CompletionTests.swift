import ArgumentParser
import EarshotCore
import Foundation
import Testing
@testable import earshot

/// Tab completion: the listener's podcasts and episodes asked of the running daemon (the real
/// binary against the test double), nothing and no daemon started when none runs, settings and
/// their values from the table, and titles quoted so that no shell runs what a feed wrote.
@Suite("Shell completions")
struct CompletionTests {
    /// `earshot ---completion SUBCOMMAND... -- positional@N INDEX CURSOR WORDS...`, as the scripts
    /// ArgumentParser generates call it: the completions, one a line.
    static func complete(_ earshot: FakeEarshot, _ command: [String], argument: Int, _ words: [String]) throws -> CLIRun {
        let typed = words.last ?? ""
        return try earshot.run(["---completion"] + command + ["--", "positional@\(argument)", "\(words.count - 1)", "\(typed.count)"] + words)
    }

    @Test func podcastsAreThoseOfTheRunningDaemon() throws {
        let earshot = try FakeEarshot()
        let run = try Self.complete(earshot, ["remove"], argument: 0, ["earshot", "remove", ""])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["Daily News", "News Hour", "Garden Talk"])
        #expect(run.stderr.isEmpty)
        let set = try Self.complete(earshot, ["set"], argument: 0, ["earshot", "set", ""])
        #expect(set.stdout.split(separator: "\n") == ["all", "Daily News", "News Hour", "Garden Talk"])
        let podcast = try Self.complete(earshot, ["play"], argument: 0, ["earshot", "play", "--podcast", "Gar"])
        #expect(podcast.stdout.split(separator: "\n").contains("Garden Talk"))
    }

    @Test func episodesAreSearchedForWhatIsTypedAndUpNextOffersItsOwn() throws {
        let earshot = try FakeEarshot()
        let run = try Self.complete(earshot, ["play"], argument: 0, ["earshot", "play", "interv"])
        #expect(run.stdout.split(separator: "\n").sorted() == ["Interview special", "The interview"])
        #expect(earshot.library.calls(of: "Episodes").last == [.int64(0), .string("all"), .string("interv")])
        earshot.library.queue = [31]
        let queued = try Self.complete(earshot, ["queue", "remove"], argument: 0, ["earshot", "queue", "remove", ""])
        #expect(queued.stdout.split(separator: "\n") == ["Roses in winter"])
    }

    @Test func withNoDaemonNothingIsOfferedAndNothingIsStarted() throws {
        let services = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-services-\(UUID().uuidString)")
        let marker = services.appendingPathComponent("started")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: services) }
        try "[D-BUS Service]\nName=org.mpris.MediaPlayer2.earshot\nExec=/bin/sh -c 'touch \(marker.path); exit 1'\n"
            .write(to: services.appendingPathComponent("org.mpris.MediaPlayer2.earshot.service"), atomically: true, encoding: .utf8)
        let earshot = try FakeEarshot(serving: false, busConfiguration: ["<servicedir>\(services.path)</servicedir>"])

        let started = Date()
        let run = try Self.complete(earshot, ["play"], argument: 0, ["earshot", "play", ""])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the completion started the daemon")
        _ = try earshot.run(["podcasts"])  // a command does start it: the bus would have
        #expect(FileManager.default.fileExists(atPath: marker.path))

        #expect(!LibraryCompletions.sessionBusExists(["XDG_RUNTIME_DIR": services.path]), "no address, no bus socket")
        #expect(LibraryCompletions.sessionBusExists(["DBUS_SESSION_BUS_ADDRESS": earshot.bus.address]))
    }

    @Test func settingsAndTheirValuesComeFromTheTable() {
        #expect(SettingCompletions.keys(["earshot", "set", "all", ""], 3, "") == SettingsTable.keys(in: .library))
        #expect(SettingCompletions.keys(["earshot", "set", "daily", ""], 3, "") == SettingsTable.keys(in: .podcast))
        #expect(SettingCompletions.values(["earshot", "set", "all", "notify", ""], 4, "") == ["on", "off"])
        #expect(SettingCompletions.values(["earshot", "set", "all", "speed", ""], 4, "") == ["0.5", "1.0", "3"])
        #expect(SettingCompletions.values(["earshot", "set", "all", "download-grace", ""], 4, "") == ["1d", "12h", "1w", "never"])
        #expect(SettingCompletions.values(["earshot", "set", "all", "no-such-key", ""], 4, "").isEmpty)
        for definition in SettingsTable.all where definition.scopes != [.file] {
            for value in SettingCompletions.suggestions(for: definition) {
                #expect((try? SettingsTable.normalized(definition.key, value, in: .library).get()) != nil
                    || definition.scopes == [.podcast], "\(definition.key) \(value)")
            }
        }
    }

    /// What bash's `compgen -W` (as ArgumentParser's script calls it) makes of the words, and what the
    /// command line then reads: the title itself, and nothing run.
    @Test func bashGetsTitlesAsOneEscapedWordThatRunsNothing() throws {
        let hostile = ["Bob's $(touch /tmp/earshot-pwned) show", "`id` & \"quotes\" ;|<>", "Tab\there\u{1B}]0;x\u{7}", "Café: naïve * ?"]
        let words = CompletionWords.format(hostile, for: .bash)
        let script = #"IFS=$'\n' compgen -W "$1" -- "" | while IFS= read -r word; do eval "printf '%s\n' $word"; done"#
        let run = try ToolRun(["bash", "-c", script, "bash", words.joined(separator: "\n")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == ["Bob's $(touch /tmp/earshot-pwned) show", "`id` & \"quotes\" ;|<>", "Tab here]0;x", "Café: naïve * ?"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/earshot-pwned"))
    }

    @Test func zshGetsColonsEscapedForDescribeAndOtherShellsThePlainTitle() {
        #expect(CompletionWords.format(["Talk: the show", "a\\b"], for: .zsh) == ["Talk\\: the show", "a\\\\b"])
        #expect(CompletionWords.format(["Talk: the show", "Talk: the show", " ", "\u{202E}x"], for: .fish) == ["Talk: the show", "x"])
    }
}
