import CGettext
import Foundation

/// Earshot's message catalogue: the gettext domain `earshot`, bound once at start to the folder that holds
/// its compiled catalogues (`<lang>/LC_MESSAGES/earshot.mo`).
///
/// The language is gettext's own choice: `LANGUAGE` (a list, `de:fr`), then `LC_ALL`, `LC_MESSAGES` and
/// `LANG`, for a locale the system has; the C locale and a language without a catalogue read English.
/// Earshot never calls `textdomain`, so the libraries it uses keep their own catalogues.
public enum Messages {
    /// The gettext domain: the catalogues are named `earshot.mo`.
    public static let domain = "earshot"

    /// Takes the listener's locale and binds the domain. The folder is `EARSHOT_LOCALEDIR` when set, else
    /// the first of `../share/locale` (installed), `../locale` and `../../locale` (a build folder) beside
    /// the running binary that holds an `earshot.mo`, else the system's (`/usr/share/locale`).
    public static func start(environment: [String: String] = ProcessInfo.processInfo.environment,
                             executable: String = Messages.runningExecutable()) {
        setlocale(LC_ALL, "")
        if let folder = catalogueFolder(environment: environment, executable: executable) {
            bindtextdomain(domain, folder)
        }
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The folder `start` binds, or nil for the system's own.
    static func catalogueFolder(environment: [String: String], executable: String) -> String? {
        if let folder = environment["EARSHOT_LOCALEDIR"], !folder.isEmpty { return folder }
        let binaryFolder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for relative in ["../share/locale", "../locale", "../../locale"] {
            let folder = binaryFolder.appendingPathComponent(relative).standardized
            if holdsCatalogue(folder) { return folder.path }
        }
        return nil
    }

    /// The path of the running binary (`/proc/self/exe`).
    public static func runningExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private static func holdsCatalogue(_ folder: URL) -> Bool {
        guard let languages = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        return languages.contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/LC_MESSAGES/\(domain).mo").path)
        }
    }

    static func lookUp(_ msgid: String) -> String {
        msgid.withCString { String(cString: dgettext(domain, $0)) }
    }

    static func lookUp(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in String(cString: dngettext(domain, one, many, UInt(max(0, count)))) }
        }
    }

    /// A message with a context (gettext's `pgettext`): the catalogue key is context, EOT, message; when
    /// the catalogue has no translation gettext returns the key, and the message is returned as it is.
    static func lookUp(context: String, _ msgid: String) -> String {
        let key = context + "\u{4}" + msgid
        let found = lookUp(key)
        return found == key ? msgid : found
    }
}

/// A value put into a message's placeholder (`%s`, `%d`, `%1$s`).
public protocol MessageArgument {
    /// The text the placeholder is replaced with.
    var messageText: String { get }
}

extension String: MessageArgument {
    public var messageText: String { self }
}

extension Substring: MessageArgument {
    public var messageText: String { String(self) }
}

extension Int: MessageArgument {
    /// Plain digits: an identifier or a small count. Large quantities go through `LocaleFormat.integer`.
    public var messageText: String { String(self) }
}

/// Translates `msgid` and fills its placeholders: `tr("Subscribed to %s.", title)`.
///
/// The message must be a literal (a `StaticString`): `scripts/translations template` finds every call to
/// `tr`, `trn`, `trc` and `N_` in the sources and writes them to `po/earshot.pot`. A sentence is one
/// message with placeholders, never joined from pieces, so a translator can reorder it (`%2$s … %1$s`).
public func tr(_ msgid: StaticString, _ arguments: MessageArgument...) -> String {
    MessageFormat.fill(Messages.lookUp(msgid.description), arguments)
}

/// Translates a message with plural forms, chosen by `count` with the language's own rule (ngettext):
/// `trn("%d episode", "%d episodes", n, n)`.
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: MessageArgument...) -> String {
    MessageFormat.fill(Messages.lookUp(singular.description, plural.description, count), arguments)
}

/// Translates a message that needs a context to be told apart (pgettext): `trc("column", "Played")`.
public func trc(_ context: StaticString, _ msgid: StaticString, _ arguments: MessageArgument...) -> String {
    MessageFormat.fill(Messages.lookUp(context: context.description, msgid.description), arguments)
}

/// Marks a literal for the template without translating it yet (gettext's `N_`): for tables of messages
/// that are translated where they are shown, with `tr(marked:)`.
public func N_(_ msgid: StaticString) -> StaticString { msgid }

/// Translates a message marked with `N_` elsewhere.
public func tr(marked msgid: StaticString, _ arguments: MessageArgument...) -> String {
    MessageFormat.fill(Messages.lookUp(msgid.description), arguments)
}
