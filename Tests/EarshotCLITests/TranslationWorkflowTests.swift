import EarshotTestSupport
import Foundation
import Testing

/// scripts/translations, the translators' workflow (docs/translating.md), on a small copy of the
/// project: the template comes from the Swift sources and the desktop files, and `check` fails on a
/// stale template, a catalogue missing a message and a translation whose placeholders do not match.
@Suite("scripts/translations: template, merge and check")
struct TranslationWorkflowTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-po-\(UUID().uuidString)")
        let files = FileManager.default
        for folder in ["scripts", "Sources/Demo", "data", "po"] {
            try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try files.copyItem(at: Translations.sourceRoot.appendingPathComponent("scripts/translations"),
                           to: root.appendingPathComponent("scripts/translations"))
        for desktop in ["earshot.desktop", "earshot-krunner.desktop"] {
            try files.copyItem(at: Translations.sourceRoot.appendingPathComponent("data/\(desktop)"),
                               to: root.appendingPathComponent("data/\(desktop)"))
        }
        try write("po/LINGUAS", "de\n")
        try write("Sources/Demo/Demo.swift", """
            // TRANSLATORS: %s is a podcast's title.
            let subscribed = tr("Subscribed to %s.", title)
            let count = trn("%d episode", "%d episodes", n, n)
            let heading = trc("column heading", "Played")
            let text = "not a message \\(tr)"

            """)
    }

    func write(_ path: String, _ text: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    func translations(_ arguments: String...) throws -> Subprocess.Output {
        try BuiltProduct.runTool(root.appendingPathComponent("scripts/translations").path, arguments)
    }

    /// A German catalogue for the demo's messages; `subscribed` is the first message's translation.
    func writeGerman(subscribed: String = "%s abonniert.") throws {
        let template = try String(contentsOf: root.appendingPathComponent("po/earshot.pot"), encoding: .utf8)
        var german = template.replacingOccurrences(of: "\"Language: \\n\"", with: "\"Language: de\\n\"")
            .replacingOccurrences(of: "nplurals=INTEGER; plural=EXPRESSION;", with: "nplurals=2; plural=(n != 1);")
        for (msgid, msgstr) in [("Subscribed to %s.", subscribed), ("Played", "Gehört"), ("Earshot", "Earshot"),
                                ("Podcast Player", "Podcast-Player"), ("podcast;audio;mpris;", "Podcast;Audio;mpris;")] {
            german = german.replacingOccurrences(of: "msgid \"\(msgid)\"\nmsgstr \"\"", with: "msgid \"\(msgid)\"\nmsgstr \"\(msgstr)\"")
        }
        german = german.replacingOccurrences(of: "msgstr[0] \"\"\nmsgstr[1] \"\"", with: "msgstr[0] \"%d Folge\"\nmsgstr[1] \"%d Folgen\"")
        // The desktop files' two long comments, wrapped over lines in the template.
        german = german.replacingOccurrences(of: "library\"\nmsgstr \"\"", with: "library\"\nmsgstr \"Podcasts und Folgen\"")
            .replacingOccurrences(of: "playerctl\"\nmsgstr \"\"", with: "playerctl\"\nmsgstr \"Ein Podcast-Player\"")
        try write("po/de.po", german)
    }

    @Test func theTemplateHoldsEachCallsLiteralsWithTheirContextPluralAndTranslatorsNote() throws {
        let run = try translations("template")
        #expect(run.status == 0, "\(run.stderr)")
        let template = try String(contentsOf: root.appendingPathComponent("po/earshot.pot"), encoding: .utf8)
        #expect(template.contains("#. TRANSLATORS: %s is a podcast's title.\n#: Sources/Demo/Demo.swift:2\n#, c-format\nmsgid \"Subscribed to %s.\""))
        #expect(template.contains("msgid \"%d episode\"\nmsgid_plural \"%d episodes\""))
        #expect(template.contains("msgctxt \"column heading\"\nmsgid \"Played\""))
        #expect(template.contains("msgid \"Podcast Player\""), "the desktop file's words are in the template")
        #expect(!template.contains("not a message"))
    }

    @Test func aCompleteCurrentCatalogueChecksAndBuilds() throws {
        #expect(try translations("template").status == 0)
        try writeGerman()
        let check = try translations("check")
        #expect(check.status == 0, "\(check.stderr)")
        let build = try translations("build", root.appendingPathComponent("locale").path)
        #expect(build.status == 0 && FileManager.default.fileExists(atPath: root.appendingPathComponent("locale/de/LC_MESSAGES/earshot.mo").path))
        let desktop = root.appendingPathComponent("earshot.desktop").path
        #expect(try translations("desktop", root.appendingPathComponent("data/earshot.desktop").path, desktop).status == 0)
        #expect(try String(contentsOfFile: desktop, encoding: .utf8).contains("GenericName[de]=Podcast-Player"))
    }

    @Test func aMessageAddedToTheSourcesMakesTheTemplateStaleThenTheCatalogueIncomplete() throws {
        #expect(try translations("template").status == 0)
        try writeGerman()
        try write("Sources/Demo/More.swift", "let more = tr(\"Unsubscribed.\")\n")
        let stale = try translations("check")
        #expect(stale.status != 0 && stale.stderr.contains("po/earshot.pot is stale"), "\(stale.stderr)")
        #expect(try translations("template").status == 0 && translations("merge").status == 0)
        let incomplete = try translations("check")
        #expect(incomplete.status != 0 && incomplete.stderr.contains("po/de.po is not complete"), "\(incomplete.stderr)")
    }

    @Test func aTranslationThatLosesAPlaceholderFailsTheFormatCheck() throws {
        #expect(try translations("template").status == 0)
        try writeGerman(subscribed: "Abonniert.")
        let check = try translations("check")
        #expect(check.status != 0 && check.stderr.contains("msgfmt --check failed"), "\(check.stderr)")
    }

    @Test func aMessageWithAnInterpolationIsRefusedWithItsPlace() throws {
        try write("Sources/Demo/Bad.swift", "let bad = tr(\"Hello \\(name)\")\n")
        let run = try translations("template")
        #expect(run.status != 0 && run.stderr.contains("Sources/Demo/Bad.swift:1: tr(…) has an interpolation"), "\(run.stderr)")
    }
}
