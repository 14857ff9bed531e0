import ArgumentParser
import EarshotLocale

/// `earshot generate-manual PAGE [--date YYYY-MM-DD]`, hidden: prints a manual page in man(7) roff,
/// earshot(1) written from this command line's own definitions or earshot.conf(5) from the settings
/// table. `make` runs it to build the pages that `make install` and `make deb` install.
struct GenerateManualCommand: ParsableCommand {
    /// The pages there are.
    enum Page: String, ExpressibleByArgument, CaseIterable {
        case earshot = "earshot.1"
        case configuration = "earshot.conf.5"
    }

    static let configuration = CommandConfiguration(
        commandName: "generate-manual",
        abstract: tr("Print a manual page (for packaging)."),
        shouldDisplay: false)

    @Argument(help: ArgumentHelp(tr("The page: earshot.1 or earshot.conf.5."), valueName: trc("value name in usage, as in earshot play <episode>", "page")))
    var page: Page

    @Option(help: ArgumentHelp(tr("The date the page names, YYYY-MM-DD (default: none)."), valueName: trc("value name in usage, as in earshot play <episode>", "date")))
    var date = ""

    func validate() throws {
        guard date.isEmpty || date.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil else {
            throw ValidationError(tr("--date must be YYYY-MM-DD, not “%s”", date))
        }
    }

    func run() throws {
        switch page {
        case .earshot: print(EarshotManual.page(try CommandDump.of(Earshot.self), date: date), terminator: "")
        case .configuration: print(ConfigurationManual.page(date: date), terminator: "")
        }
    }
}
