import ArgumentParser
import EarshotLocale

/// `earshot bookmark [NOTE]`: marks the moment that plays (with a note), confirmed by a notification.
struct BookmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmark",
        abstract: tr("Bookmark the moment that plays, with a note."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Keeps the moment, your note, and what the transcript says around it when the episode has one.
            A desktop shortcut can run it (or call org.earshot.Earshot1.Bookmark). Examples:
              earshot bookmark
              earshot bookmark "the recipe for the bread"
            """))

    @Argument(help: ArgumentHelp(tr("A note (several words are joined with spaces)."), valueName: trc("value name in usage, as in earshot play <episode>", "note")))
    var note: [String] = []

    func run() throws {
        Console.print(BookmarkText.made(try DaemonClient().bookmark(note: note.joined(separator: " "))))
    }
}

/// `earshot bookmarks [EPISODE] [--json | --markdown] [--remove N]`: lists the bookmarks.
struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: tr("List the bookmarks (of one episode), or remove one."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Grouped by episode, each with its number, moment and note. earshot play --bookmark N plays
            from one; earshot find finds them by their notes. Examples:
              earshot bookmarks
              earshot bookmarks 812 --markdown > notes.md
              earshot bookmarks --remove 7
            """))

    @Argument(help: ArgumentHelp(tr("Only this episode's: its number or part of its title."), valueName: trc("value name in usage, as in earshot play <episode>", "episode")),
              completion: .custom(LibraryCompletions.episodes))
    var episode: Reference?

    @Flag(help: ArgumentHelp(tr("Print JSON (times in seconds, instants in ISO 8601).")))
    var json = false

    @Flag(help: ArgumentHelp(tr("Print Markdown, to keep with your notes.")))
    var markdown = false

    @Option(help: ArgumentHelp(tr("Remove this bookmark."), valueName: trc("value name in usage, as in earshot play <episode>", "number")))
    var remove: Int64?

    func validate() throws {
        if json && markdown { throw ValidationError(tr("--json and --markdown are two ways to print: give one")) }
        if let remove {
            guard remove > 0 else { throw ValidationError(tr("--remove takes a bookmark's number (1 or more)")) }
            guard episode == nil, !json, !markdown else { throw ValidationError(tr("--remove removes one bookmark: nothing else with it")) }
        }
    }

    func run() throws {
        let client = try DaemonClient()
        if let remove {
            try client.removeBookmark(remove)
            return Console.print(tr("Removed bookmark %d.", Int(remove)))
        }
        let episode = try self.episode.map { try Resolver(client: client).episode($0) } ?? 0
        let bookmarks = try client.bookmarks(of: episode)
        if json { return Console.print(try JSONOutput.render(bookmarks)) }
        Console.print(markdown ? BookmarkText.markdown(bookmarks) : BookmarkText.render(bookmarks))
    }
}
