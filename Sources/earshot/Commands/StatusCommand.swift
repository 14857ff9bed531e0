import ArgumentParser
import EarshotLocale

/// `earshot status [--json] [--notify]`: what plays, where, the podcast, and the next three of Up Next;
/// `--notify` shows it in a desktop notification instead (what Earshot's icon in the app grid runs).
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: tr("Show what plays and what comes next."))

    @Flag(help: ArgumentHelp(tr("Print JSON (positions and durations in seconds).")))
    var json = false

    @Flag(help: ArgumentHelp(tr("Show it in a desktop notification (with Play when paused) instead of printing it.")))
    var notify = false

    func validate() throws {
        if json, notify { throw ValidationError(tr("--json prints, --notify shows a notification: choose one")) }
    }

    func run() throws {
        if notify {
            try DaemonClient().call("ShowStatus")
            return
        }
        let status = try DaemonClient().status()
        Console.print(json ? try JSONOutput.render(status) : StatusText.render(status, width: Terminal.outputWidth))
    }
}
