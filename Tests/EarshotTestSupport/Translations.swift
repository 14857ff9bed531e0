import Foundation

/// Earshot's shipped languages for tests: the catalogues compiled from po/ into a folder of this test
/// process's own, the locales compiled into .build/locales (glibc reads them through LOCPATH, so the
/// machine needs none installed), and what the real gettext answers for a message in a language.
public enum Translations {
    /// A shipped language: its catalogue's name and a locale that speaks it.
    public struct Language: Sendable, CustomStringConvertible {
        public let catalogue: String
        public let locale: String
        public var description: String { catalogue }
    }

    /// Every language in po/LINGUAS with the locale a listener of it would have.
    public static let languages: [Language] = [
        Language(catalogue: "de", locale: "de_DE.UTF-8"), Language(catalogue: "fr", locale: "fr_FR.UTF-8"),
        Language(catalogue: "es", locale: "es_ES.UTF-8"), Language(catalogue: "pt_BR", locale: "pt_BR.UTF-8"),
        Language(catalogue: "zh_TW", locale: "zh_TW.UTF-8"), Language(catalogue: "ja", locale: "ja_JP.UTF-8"),
    ]

    /// The repository this test was built from.
    public static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static let prepared: Result<(catalogues: String, locales: String), TestFailure> = {
        let catalogues = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-locale-\(getpid())").path
        let locales = sourceRoot.appendingPathComponent(".build/locales").path
        let scripts = sourceRoot.appendingPathComponent("scripts")
        for (script, folder) in [("translations", ["build", catalogues]), ("locales", [locales])] {
            guard let run = try? BuiltProduct.runTool(scripts.appendingPathComponent(script).path, folder), run.status == 0 else {
                return .failure(TestFailure("scripts/\(script) \(folder.joined(separator: " ")) failed"))
            }
        }
        return .success((catalogues, locales))
    }()

    /// The environment of a listener whose locale is `language`'s: `LANG` and nothing else chooses.
    public static func environment(_ language: Language) throws -> [String: String?] {
        try environment(lang: language.locale)
    }

    /// The environment with `lang` as `LANG` (and `more` on top), reading the test's catalogues.
    public static func environment(lang: String, _ more: [String: String?] = [:]) throws -> [String: String?] {
        let (catalogues, locales) = try prepared.get()
        return ["LANG": lang, "LOCPATH": locales, "EARSHOT_LOCALEDIR": catalogues].merging(more) { _, new in new }
    }

    /// What gettext itself (the `gettext` program, over the same catalogue) gives for `msgid` in
    /// `language`, with `context` when the message has one.
    public static func translation(_ msgid: String, context: String? = nil, in language: Language) throws -> String {
        try lookUp(["gettext", "-d", "earshot"] + (context.map { ["--context=\($0)"] } ?? []) + ["--", msgid], language)
    }

    /// What ngettext gives for a message with plural forms and `count`.
    public static func translation(_ singular: String, _ plural: String, count: Int, in language: Language) throws -> String {
        try lookUp(["ngettext", "-d", "earshot", "--", singular, plural, String(count)], language)
    }

    private static func lookUp(_ command: [String], _ language: Language) throws -> String {
        let (catalogues, locales) = try prepared.get()
        let run = try BuiltProduct.runTool("/usr/bin/env", command, environment: [
            "TEXTDOMAINDIR": catalogues, "LOCPATH": locales, "LANG": language.locale])
        guard run.status == 0 else { throw TestFailure("\(command.joined(separator: " ")): \(run.stderr)") }
        return run.stdout
    }

    /// `message` with its placeholders (%s, %d, %1$s) filled with `arguments`, as Earshot fills them.
    public static func fill(_ message: String, _ arguments: [String]) -> String {
        var result = message, next = 0
        for (index, argument) in arguments.enumerated() {
            result = result.replacingOccurrences(of: "%\(index + 1)$s", with: argument)
                .replacingOccurrences(of: "%\(index + 1)$d", with: argument)
        }
        while let range = result.range(of: "%[sd]", options: .regularExpression), next < arguments.count {
            result.replaceSubrange(range, with: arguments[next])
            next += 1
        }
        return result
    }
}
