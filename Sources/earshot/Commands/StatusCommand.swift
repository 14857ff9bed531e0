import ArgumentParser

/// `earshot status [--json]`: what plays, where, the podcast, and the next three of Up Next.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what plays and what comes next.")

    @Flag(help: "Print JSON (positions and durations in seconds).")
    var json = false

    func run() throws {
        let status = try DaemonClient().status()
        Console.print(json ? try JSONOutput.render(status) : StatusText.render(status, width: Terminal.outputWidth))
    }
}
