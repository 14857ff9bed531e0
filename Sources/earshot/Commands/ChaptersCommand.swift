import ArgumentParser
import EarshotFeed
import EarshotLocale

/// `earshot chapters [--json]`: the current episode's chapters, the one playing marked.
struct ChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: tr("List the chapters of the episode that plays."))

    @Flag(help: ArgumentHelp(tr("Print JSON (starts in seconds).")))
    var json = false

    func run() throws {
        let chapters = try DaemonClient().chapters()
        if json { return Console.print(try JSONOutput.render(chapters)) }
        guard !chapters.isEmpty else { return Console.print(tr("This episode has no chapters.")) }
        Console.print(ChapterText.render(chapters, width: Terminal.outputWidth))
    }
}

/// `earshot chapter next|previous|N`: jumps to a chapter of the episode that plays.
struct ChapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapter",
        abstract: tr("Go to the next, the previous or a numbered chapter."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            previous goes to the start of the chapter playing when more than 3 seconds into it.
            Examples:
              earshot chapter next
              earshot chapter previous
              earshot chapter 4
            """))

    @Argument(
        help: ArgumentHelp(tr("next, previous, or the chapter's number (see earshot chapters)."), valueName: trc("value name in usage, as in earshot play <episode>", "which")),
        completion: .list(["next", "previous"]))
    var which: String

    func run() throws {
        let client = try DaemonClient()
        switch which.lowercased() {
        case "next": try client.skipChapter(1)
        case "previous", "prev": try client.skipChapter(-1)
        default:
            guard let number = UInt32(which), number > 0 else { throw ValidationError(tr("say next, previous or a chapter number")) }
            try client.goToChapter(number)
        }
        if let current = try client.chapters().first(where: \.current) {
            Console.print(ChapterText.line(current))
        }
    }
}

/// Chapters as the command line shows them: `▶  3  12:40  The interview` (control and bidi characters of
/// a title shown as visible escapes).
enum ChapterText {
    static func render(_ chapters: [ChapterRecord], width: Int?) -> String {
        chapters.map { chapter in
            let line = line(chapter)
            return width.map { line.truncated(toWidth: $0) } ?? line
        }.joined(separator: "\n")
    }

    static func line(_ chapter: ChapterRecord) -> String {
        let number = String(chapter.number)
        let mark = chapter.current ? "▶" : " "
        return "\(mark) \(String(repeating: " ", count: max(0, 3 - number.count)))\(number)  \(TimeText.clock(chapter.start))  \(SafeText.escaped(chapter.title))"
    }
}
