import ArgumentParser
import EarshotLocale

/// `earshot tidy [--dry-run]`: runs the rules of what to keep now, and says what went (or would go) and why.
struct TidyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidy",
        abstract: tr("Delete the downloads the rules of what to keep let go, now (--dry-run: only list them)."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            The rules run by themselves after downloads and refreshes, and every 15 minutes:
              download-grace   a played episode's file goes this long after it was played (1d)
              keep-downloads   each podcast keeps only its newest N downloads (0: no limit)
              download-budget  over this, the oldest played go first, then the oldest not queued (2GiB)
            download-grace and keep-downloads can be set per podcast (earshot set PODCAST KEY VALUE) or for
            all; download-budget for all. Never deleted by a rule: starred, queued and in-progress
            episodes, and the one playing.
            Examples:
              earshot tidy --dry-run
              earshot set all keep-downloads 5
            """))

    @Flag(help: ArgumentHelp(tr("List what would be deleted, and why, without deleting anything.")))
    var dryRun = false

    func run() throws {
        let files = try DaemonClient().tidy(dryRun: dryRun)
        guard !files.isEmpty else { return Console.print(dryRun ? tr("Nothing would be deleted.") : tr("Nothing to delete.")) }
        for file in files {
            let title = file.string("title") ?? tr("episode %d", Int(file.integer("episode") ?? 0))
            let podcast = file.string("podcast_title").map { "\($0): " } ?? ""
            Console.print("\(podcast)\(title) — \(file.string("reason") ?? "")")
        }
        let bytes = files.compactMap { $0.integer("bytes") }.reduce(0, +)
        let size = DownloadList.size(bytes), n = files.count
        // TRANSLATORS: %1$d is how many downloaded files, %2$s their size (1.2 GB).
        Console.print(dryRun ? trn("Would delete %1$d download (%2$s).", "Would delete %1$d downloads (%2$s).", n, n, size)
                             : trn("Deleted %1$d download (%2$s).", "Deleted %1$d downloads (%2$s).", n, n, size))
    }
}
