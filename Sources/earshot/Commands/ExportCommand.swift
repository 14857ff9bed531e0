import ArgumentParser
import Foundation

/// `earshot export [FILE.opml]`: the library as OPML 2.0, on standard output or into a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the library as an OPML 2.0 file (standard output by default).",
        discussion: """
            Examples:
              earshot export > podcasts.opml
              earshot export podcasts.opml
            """)

    @Argument(help: "The file to write (replaced if it exists).")
    var file: String?

    func run() throws {
        var opml = try DaemonClient().exportOPML()
        if !opml.hasSuffix("\n") { opml += "\n" }
        guard let file else { return FileHandle.standardOutput.write(Data(opml.utf8)) }
        do {
            try Data(opml.utf8).write(to: URL(fileURLWithPath: (file as NSString).expandingTildeInPath), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(file): \(FileErrorText.reason(error))")
        }
    }
}
