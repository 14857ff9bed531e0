import EarshotTestSupport
import Foundation
import Testing

/// Earshot in every shipped language (po/LINGUAS) on a real daemon, as a listener with only `LANG` set
/// would meet it: the command line's help, tables and dates, an error the daemon sends, a notification,
/// and KRunner's actions. What each should say is what the real gettext answers from the same catalogue,
/// so a test fails both when Earshot shows English and when a translation is missing.
@Suite("Earshot speaks the listener's language", .serialized)
struct LanguageDaemonTests {
    static let summary = "A podcast player that lives on the Linux session bus (MPRIS)."

    /// Text with its line breaks and runs of spaces made single spaces (help is wrapped to 80 columns).
    static func flowed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// `msgid` in `language`, which must differ from the English (else the test would prove nothing).
    func translated(_ msgid: String, context: String? = nil, _ language: Translations.Language) throws -> String {
        let text = try Translations.translation(msgid, context: context, in: language)
        #expect(text != msgid, "po/\(language).po translates “\(msgid)”")
        return text
    }

    @Test(arguments: Translations.languages)
    func theCommandLineANotificationAndKRunnerSpeakTheLanguageLANGNames(_ language: Translations.Language) throws {
        let h = try DaemonHarness(environment: try Translations.environment(language))
        let notices = try NotificationServer(bus: h.bus.address, context: h.context)
        func earshot(_ arguments: String...) throws -> Subprocess.Output {
            try EarshotProcess.run(arguments, environment: h.environment)
        }

        let help = try earshot("--help")
        #expect(Self.flowed(help.stdout).contains(try translated(Self.summary, language)), "\(help.stdout)")

        let podcasts = try earshot("podcasts")
        for heading in ["unplayed", "last checked"] {
            let text = try translated(heading, context: "column heading", language)
            #expect(podcasts.stdout.contains(text), "“\(text)” heads `earshot podcasts`: \(podcasts.stdout)")
        }
        let json = try earshot("podcasts", "--json")
        #expect(json.stdout.contains("\"title\""), "--json keeps its keys in every language: \(json.stdout)")

        let missing = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot",
             "--method", "org.earshot.Earshot1.Star", "[99999]", "true"], busAddress: h.bus.address, context: h.context)
        let noSuchEpisode = Translations.fill(try translated("there is no episode %d", language), ["99999"])
        #expect(missing.stderr.contains("org.earshot.Error.") && missing.stderr.contains(noSuchEpisode),
                "the error keeps its name and says it in the language: \(missing.stderr)")

        let podcast = try #require(try NotificationTests.earshot(h, "Podcasts").components(separatedBy: "'id': <int64 ")
            .dropFirst().first?.prefix { $0.isNumber })
        try NotificationTests.earshot(h, "Set", String(podcast), "auto-queue", "<false>")
        try NotificationTests.earshot(h, "Refresh", "@ax []")
        h.serveFeed(AudioFixtures.feed(audioBase: h.server.baseURL,
                                       extraItems: NotificationTests.item("Fresher", day: 5, h) + NotificationTests.item("Fresh", day: 4, h)))
        let notice = try NotificationTests.refresh(h, notices, until: 1)
        let plural = try Translations.translation("%1$d new episode from %2$s", "%1$d new episodes from %2$s", count: 2, in: language)
        #expect(plural != "%1$d new episodes from %2$s", "po/\(language).po translates the notice's title")
        #expect(notice.summary == Translations.fill(plural, ["2", "Daemon Show"]), "\(notice.summary)")
        let play = try translated("Play", context: "notification button", language)
        let queue = try translated("Add to Up Next", context: "notification button", language)
        #expect(notice.actions.contains(play) && notice.actions.contains(queue), "\(notice.actions)")

        let actions = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot/Search",
             "--method", "org.kde.krunner1.Actions"], busAddress: h.bus.address, context: h.context)
        #expect(actions.stdout.contains("'\(play)'") && actions.stdout.contains("'\(queue)'"), "KRunner's actions: \(actions.stdout)")
        let metas = try Subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.earshot", "--object-path", "/org/earshot/Earshot/Search",
             "--method", "org.gnome.Shell.SearchProvider2.GetResultMetas", "['podcast:\(podcast)']"], busAddress: h.bus.address, context: h.context)
        let byAuthor = try translated("Podcast by %s", language).components(separatedBy: "%s").filter { !$0.isEmpty }
        #expect(byAuthor.allSatisfy { metas.stdout.contains($0) }, "GNOME's result describes the podcast in the language: \(metas.stdout)")
        #expect(h.terminate() == 0)
    }

    @Test(arguments: Translations.languages)
    func theTerminalInterfaceNamesItsViewsInTheLanguage(_ language: Translations.Language) throws {
        let h = try DaemonHarness(environment: try Translations.environment(language))
        let terminal = try TmuxTerminal(h, command: "\(EarshotProcess.executable) tui", width: 100, height: 30)
        let library = try translated("Library", context: "view", language)
        let upNext = try translated("Up Next", context: "view", language)
        let screen = try terminal.wait { $0.contains("Daemon Show") && $0.contains(library) }
        #expect(screen.contains(library) && !screen.contains("Library"), "the library's name in the language:\n\(screen)")
        try terminal.send("2")
        let queue = try terminal.wait { $0.contains(upNext) }
        #expect(queue.contains(upNext), "Up Next's name in the language:\n\(queue)")
        try terminal.send("q")
        #expect(h.terminate() == 0)
    }

    @Test func theCLocaleAnUnknownLanguageAndLCALLCReadEnglish() throws {
        let german = try #require(Translations.languages.first { $0.catalogue == "de" })
        let h = try DaemonHarness()
        for environment in [try Translations.environment(lang: "C.UTF-8"),
                            try Translations.environment(lang: "tlh_XX.UTF-8", ["LANGUAGE": "tlh"]),
                            try Translations.environment(german).merging(["LC_ALL": "C"]) { _, new in new }] {
            let help = try EarshotProcess.run(["--help"], environment: h.environment.merging(environment) { _, new in new })
            #expect(help.stdout.contains(Self.summary), "English with \(environment): \(help.stdout)")
        }
        let listed = try EarshotProcess.run(["--help"], environment: h.environment.merging(
            try Translations.environment(lang: "C.UTF-8", ["LANGUAGE": "tlh:de"])) { _, new in new })
        #expect(Self.flowed(listed.stdout).contains(try translated(Self.summary, german)), "LANGUAGE's list falls through to German")
        #expect(h.terminate() == 0)
    }
}
