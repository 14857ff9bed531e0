import ArgumentParser
import EarshotLocale
import Foundation

/// `earshot export [FILE.opml]`: the library as OPML 2.0, on standard output or into a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: tr("Write the library as an OPML 2.0 file (standard output by default)."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Examples:
              earshot export > podcasts.opml
              earshot export podcasts.opml
            """))

    @Argument(help: ArgumentHelp(tr("The file to write (replaced if it exists)."), valueName: trc("value name in usage, as in earshot play <episode>", "file")))
    var file: String?

    func run() throws {
        var opml = try DaemonClient().exportOPML()
        if !opml.hasSuffix("\n") { opml += "\n" }
        guard let file else { return FileHandle.standardOutput.write(Data(opml.utf8)) }
        do {
            try Data(opml.utf8).write(to: URL(fileURLWithPath: (file as NSString).expandingTildeInPath), options: .atomic)
        } catch {
            // TRANSLATORS: %1$s is a file, %2$s why it could not be written.
            throw CommandFailure(tr("cannot write %1$s: %2$s", file, FileErrorText.reason(error)))
        }
    }
}
