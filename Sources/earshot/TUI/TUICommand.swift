import EarshotLocale
import ArgumentParser
import EarshotGLib
import EarshotTUI
import Foundation

/// `earshot tui`: the full-screen terminal interface, a client of the running (or D-Bus-activated)
/// daemon like every other subcommand.
struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: tr("Browse and play the library in a full-screen terminal interface."),
        discussion: tr("""
            The library, a podcast's episodes, an episode's page (chapters, transcript), Up Next, the \
            inbox, find as you type, downloads, history and stats, with what plays always at the bottom. \
            Press ? for every key and q to quit; playback goes on. NO_COLOR turns colours off.
            """))

    func run() throws {
        guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) else {
            throw CommandFailure(tr("tui needs a terminal: run it in one (its input and output are not a terminal)"))
        }
        let context = MainContext.threadDefault()
        let client = try DaemonClient(context: context)
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let screen = CursesScreen(colour: !noColour)
        TUIController(client: client, screen: screen, context: context).run()
    }
}
