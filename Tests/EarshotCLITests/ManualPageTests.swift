import ArgumentParser
import EarshotCore
import EarshotFeed
import EarshotTestSupport
import Foundation
import Testing
@testable import earshot

/// earshot(1) and earshot.conf(5) as `earshot generate-manual` writes them: every subcommand and
/// option of the command tree is in the page, every setting of the file in the other, and `man`
/// renders both without a warning.
@Suite("The manual pages, generated from the command definitions")
struct ManualPageTests {
    static let page = try! EarshotManual.page(CommandDump.of(Earshot.self), date: "2026-01-02")
    static let configurationPage = ConfigurationManual.page(date: "2026-01-02")

    /// Every command a person can type, walked from `Earshot.configuration`: `["queue", "add"]`….
    static func commandPaths(_ command: ParsableCommand.Type = Earshot.self, under path: [String] = []) -> [[String]] {
        command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.flatMap { subcommand in
            let name = subcommand.configuration.commandName ?? "\(subcommand)"
            return [path + [name]] + commandPaths(subcommand, under: path + [name])
        }
    }

    @Test func everySubcommandOfTheTreeHasItsSection() {
        let headings = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SS ") }
        let paths = Self.commandPaths()
        #expect(paths.count >= 20, "the walk found \(paths)")
        for path in paths {
            let title = ".SS \(Roff.bold((["earshot"] + path).joined(separator: " ")))"
            #expect(headings.contains { $0 == title || $0.hasPrefix(title + " ") }, "no section for earshot \(path.joined(separator: " "))")
        }
        #expect(headings.count == paths.count, "a section for a command that is not in the tree")
        #expect(!Self.page.contains("generate\\-manual"), "the hidden command is not documented")
    }

    @Test func everyArgumentOptionAndFlagIsDescribed() throws {
        func walk(_ command: CommandDump, _ path: String) {
            for argument in command.allVisibleArguments {
                let name = argument.kind == .positional ? Roff.italic(argument.valueName ?? "") : Roff.bold(argument.spellings.last ?? "")
                #expect(Self.page.contains(name), "\(path): \(name) is missing")
                if let abstract = argument.abstract { #expect(Self.page.contains(Roff.escaped(abstract)), "\(path): the help of \(name)") }
            }
            for subcommand in command.visibleSubcommands { walk(subcommand, path + " " + subcommand.commandName) }
        }
        walk(try CommandDump.of(Earshot.self), "earshot")
        for option in ["--feed", "--audio-sink", "--refresh-interval", "--state-dir", "--cache-dir", "--verbose", "--podcast", "--at", "--version"] {
            #expect(Self.page.contains(Roff.bold(option)), "\(option)")
        }
    }

    @Test func theHandWrittenSectionsAreThere() {
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "D-BUS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(Self.page.contains(".SH \(Roff.quoted(section))\n"), "\(section)")
        }
        #expect(Self.page.contains(".TH \"EARSHOT\" 1 \"2026-01-02\" \"Earshot \(EarshotVersion.string)\" \"User Commands\"\n"))
        #expect(Self.page.contains("org.mpris.MediaPlayer2.earshot"))
    }

    @Test func theConfigurationPageListsEverySettingOfTheFileWithItsDefault() {
        for definition in SettingsTable.all {
            if definition.scopes.contains(.file) {
                #expect(Self.configurationPage.contains(Roff.bold(definition.key) + " = " + Roff.italic(definition.kind.form)), "\(definition.key)")
                #expect(Self.configurationPage.contains(Roff.escaped("Default: \(definition.defaultValue).")), "\(definition.key)'s default")
            } else {
                #expect(Self.configurationPage.contains(Roff.escaped(definition.key)), "\(definition.key) is named as not in the file")
            }
        }
    }

    @Test(arguments: ["earshot.1", "earshot.conf.5"])
    func manRendersThePageWithoutAWarning(name: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-manual-\(UUID().uuidString)-\(name)")
        try (name == "earshot.1" ? Self.page : Self.configurationPage).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try ToolRun(["man", "--warnings", "-l", file.path], environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty, "man warns: \(output.stderr)")
        #expect(output.stdout.contains("earshot"))
    }

    @Test func roffEscapesWhatWouldActAndWritesOtherCharactersAsASCII() {
        #expect(Roff.escaped(".leading dot") == "\\&.leading dot")
        #expect(Roff.escaped("'quote") == "\\&'quote")
        #expect(Roff.escaped("a\\b --json") == "a\\eb \\-\\-json")
        #expect(Roff.escaped("“Show” — 0.5–3.0 é") == "\\(lqShow\\(rq \\(em 0.5\\(en3.0 \\[u00E9]")
        var roff = Roff(name: "x", section: "1", manual: "M", date: "", source: "S", summary: "y")
        roff.prose("Words\nmore words.\n  an example\n    indented more\nAfter.")
        #expect(roff.text.hasSuffix(".SH \"NAME\"\nx \\- y\n.PP\nWords\nmore words.\n.RS 4\n.nf\nan example\n  indented more\n.fi\n.RE\n.PP\nAfter.\n"))
    }

    @Test func aLineOfNamesJoinedByCJKCommasEndsUnderTheChineseMacrosManDBLoads() throws {
        #expect(Roff.escaped("A、B。") == "A\\[u3001]\\:B\\[u3002]\\:")
        let names = (1...12).map { "org.earshot.Error.Name\($0)" }.joined(separator: "、")
        var roff = Roff(name: "x", section: "1", manual: "M", date: "", source: "S", summary: "y")
        roff.prose("失敗會以具名錯誤回報：" + names + "。")
        // What man-db puts before a page it formats from share/man/zh_TW (seen with strace): without the
        // break points, groff 1.22.4 ran for ever on such a line.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-zh-\(UUID().uuidString).1")
        try (".mso zh.tmac\n.hla zh\n" + roff.text).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // A ChildProcess: `timeout` needs its alarm signal, which the test runner's threads block.
        let out = try ChildPipe()
        let groff = try ChildProcess(["timeout", "--kill-after=5", "30", "groff", "-mandoc", "-Tutf8", file.path],
                                     environment: ["LC_ALL": "C.UTF-8"], stdout: out.write, stderr: out.write)
        close(out.write)
        let output = out.readAll()
        let status = groff.wait()
        #expect(status == 0, "groff did not finish in 30 s (status \(status)): \(output.suffix(300))")
        #expect(output.contains("Name12") && output.contains("、"))
    }

    @Test func aBadDateIsOneLineOfUsage() {
        #expect(throws: (any Error).self) { try Earshot.parseAsRoot(["generate-manual", "earshot.1", "--date", "May"]) }
        #expect(throws: (any Error).self) { try Earshot.parseAsRoot(["generate-manual", "earshot.7"]) }
    }
}
