import ArgumentParser
import EarshotFeed
import EarshotLocale
import Foundation

/// `earshot find WORDS... [--podcast P] [--limit N] [--json]`: finds words anywhere in the library —
/// titles, show notes, chapters and transcripts — and lists the best hits, one per episode, each with
/// where it matched and the words around it (the match in bold on a terminal).
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: tr("Find words anywhere in the library: titles, show notes, chapters and transcripts."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Case and accents do not matter (cafe finds Café); "quoted words" are a phrase; the last word
            also matches longer words that start with it. Each hit names the episode, where it matched
            (the title, the notes, a chapter at 12:30, the transcript at 41:07 with who said it) and the
            words around the match. Play a hit from that moment with earshot play --hit N (for an
            hour, until the next find), or any moment with earshot play EPISODE --at 41:07.
            Examples:
              earshot find quantum
              earshot find "dark matter" --podcast 3
            """))

    @Argument(help: ArgumentHelp(tr("What to look for."), valueName: trc("value name in usage, as in earshot play <episode>", "words")))
    var words: [String]

    @Option(help: ArgumentHelp(tr("Only in this podcast (its number or part of its title)."), valueName: trc("value name in usage, as in earshot play <episode>", "podcast")),
            completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    @Option(help: ArgumentHelp(tr("At most this many hits (1 to 200)."), valueName: trc("value name in usage, as in earshot play <episode>", "limit")))
    var limit = 20

    @Flag(help: ArgumentHelp(tr("Print the hits as JSON.")))
    var json = false

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError(tr("say what to look for")) }
        guard (1...200).contains(limit) else { throw ValidationError(tr("--limit is 1 to 200")) }
    }

    func run() throws {
        let client = try DaemonClient()
        let scope = try podcast.map { try Resolver(client: client).podcastID($0) } ?? 0
        let hits = try client.find(words.joined(separator: " "), podcast: scope, limit: limit)
        if (try? client.searchIndexIsRebuilding()) == true { FileHandle.standardError.write(Data("earshot: \(FindText.rebuilding)\n".utf8)) }
        if json { return Console.print(try JSONOutput.render(hits)) }
        guard !hits.isEmpty else { throw CommandFailure(tr("nothing in the library matches “%s”", words.joined(separator: " "))) }
        let bold = Terminal.isTerminal(STDOUT_FILENO)
        Console.printStyled(hits.map { FindText.render($0, bold: bold) }.joined(separator: "\n"))
    }
}

/// How `earshot find` prints a hit: a line naming it, a line with where and the words around the match.
/// Every field of feed text is escaped here (`SafeText`), before the bold is added: the result is
/// printed as it is (`Console.printStyled`).
enum FindText {
    /// What `find` and `status` say while the daemon fills the search index.
    static var rebuilding: String { tr("the search index is being rebuilt: results may be incomplete") }

    static func render(_ hit: FindHit, bold: Bool) -> String {
        let number = String(hit.number).leftPadded(toWidth: 3)
        let show = showTitle(hit)
        let name: String
        if let episode = hit.episode {
            // TRANSLATORS: a hit of earshot find: %1$s is the podcast's title, %2$s the episode's, %3$d its number.
            name = tr("%1$s · “%2$s” (episode %3$d)", show, SafeText.escaped(hit.episodeTitle ?? tr("episode %d", Int(episode))), Int(episode))
        } else {
            // TRANSLATORS: a hit of earshot find: %1$s is the podcast's title, %2$d its number.
            name = tr("%1$s (podcast %2$d)", show, Int(hit.podcast ?? 0))
        }
        return "\(number)  \(name)\n     \(place(hit)): \(snippet(hit.snippet, bold: bold))"
    }

    /// What `earshot play --hit N` says it plays: `Playing hit 2 of the last find: Show · “Episode”, from 41:07`.
    static func played(_ hit: FindHit) -> String {
        let show = showTitle(hit)
        // TRANSLATORS: %1$d is the hit's number, %2$s the podcast's title.
        guard let number = hit.episode else { return tr("Playing hit %1$d of the last find: %2$s", hit.number, show) }
        let episode = SafeText.escaped(hit.episodeTitle ?? tr("episode %d", Int(number)))
        // TRANSLATORS: %1$d is the hit's number, %2$s the podcast's title, %3$s the episode's.
        guard let at = hit.at else { return tr("Playing hit %1$d of the last find: %2$s · “%3$s”", hit.number, show, episode) }
        // TRANSLATORS: %1$d is the hit's number, %2$s the podcast's title, %3$s the episode's, %4$s the moment (41:07).
        return tr("Playing hit %1$d of the last find: %2$s · “%3$s”, from %4$s", hit.number, show, episode, TimeText.clock(at))
    }

    /// The podcast's title, escaped, or its number when the hit has no title.
    private static func showTitle(_ hit: FindHit) -> String {
        SafeText.escaped(hit.podcastTitle ?? tr("podcast %d", Int(hit.podcast ?? 0)))
    }

    static func place(_ hit: FindHit) -> String {
        switch hit.place {
        case "podcast": return trc("where a hit of earshot find matched", "podcast title")
        case "title": return trc("where a hit of earshot find matched", "title")
        case "notes": return trc("where a hit of earshot find matched", "show notes")
        case "chapter": return at(hit, trc("where a hit of earshot find matched", "chapter"))
        case "bookmark": return at(hit, tr("bookmark %d", Int(hit.bookmark ?? 0)))
        default:
            // TRANSLATORS: where a hit of earshot find matched; %s is the speech recogniser that made the transcript.
            var place = hit.generated.map { tr("transcript (generated by %s)", SafeText.escaped($0)) }
                ?? trc("where a hit of earshot find matched", "transcript")
            place = at(hit, place)
            if let speaker = hit.speaker { place += ", " + SafeText.escaped(speaker) }
            if let moments = hit.moments, moments > 1 {
                // TRANSLATORS: %1$s is where a hit matched (transcript at 41:07, Speaker), %2$d how many moments matched there.
                place = trn("%1$s (%2$d moment)", "%1$s (%2$d moments)", moments, place, moments)
            }
            return place
        }
    }

    /// `place` with the moment of the hit, when it has one: `chapter at 12:30`.
    private static func at(_ hit: FindHit, _ place: String) -> String {
        // TRANSLATORS: %1$s is where a hit of earshot find matched (chapter, transcript), %2$s the moment (12:30).
        hit.at.map { tr("%1$s at %2$s", place, TimeText.clock($0)) } ?? place
    }

    /// The snippet with its marks as bold on a terminal, else left out; everything else escaped.
    static func snippet(_ text: String, bold: Bool) -> String {
        var result = "", inside = false
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\u{1}" || $0 == "\u{2}" }).enumerated() {
            if piece.offset > 0 {
                inside.toggle()
                if bold { result += inside ? "\u{1B}[1m" : "\u{1B}[22m" }
            }
            result += SafeText.escaped(String(piece.element))
        }
        if inside, bold { result += "\u{1B}[22m" }
        return result
    }
}
