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
        abstract: "Find words anywhere in the library: titles, show notes, chapters and transcripts.",
        discussion: """
            Case and accents do not matter (cafe finds Café); "quoted words" are a phrase; the last word
            also matches longer words that start with it. Each hit names the episode, where it matched
            (the title, the notes, a chapter at 12:30, the transcript at 41:07 with who said it) and the
            words around the match. Play a hit from that moment with earshot play --hit N (for an
            hour, until the next find), or any moment with earshot play EPISODE --at 41:07.
            Examples:
              earshot find quantum
              earshot find "dark matter" --podcast 3
            """)

    @Argument(help: ArgumentHelp("What to look for.", valueName: "words"))
    var words: [String]

    @Option(help: ArgumentHelp("Only in this podcast (its number or part of its title).", valueName: "podcast"),
            completion: .custom(LibraryCompletions.podcasts))
    var podcast: Reference?

    @Option(help: "At most this many hits (1 to 200).")
    var limit = 20

    @Flag(help: "Print the hits as JSON.")
    var json = false

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError("say what to look for") }
        guard (1...200).contains(limit) else { throw ValidationError("--limit is 1 to 200") }
    }

    func run() throws {
        let client = try DaemonClient()
        let scope = try podcast.map { try Resolver(client: client).podcastID($0) } ?? 0
        let hits = try client.find(words.joined(separator: " "), podcast: scope, limit: limit)
        if (try? client.searchIndexIsRebuilding()) == true { FileHandle.standardError.write(Data("earshot: \(FindText.rebuilding)\n".utf8)) }
        if json { return Console.print(try JSONOutput.render(hits)) }
        guard !hits.isEmpty else { throw CommandFailure("nothing in the library matches “\(words.joined(separator: " "))”") }
        let bold = Terminal.isTerminal(STDOUT_FILENO)
        Console.printStyled(hits.map { FindText.render($0, bold: bold) }.joined(separator: "\n"))
    }
}

/// How `earshot find` prints a hit: a line naming it, a line with where and the words around the match.
/// Every field of feed text is escaped here (`SafeText`), before the bold is added: the result is
/// printed as it is (`Console.printStyled`).
enum FindText {
    /// What `find` and `status` say while the daemon fills the search index.
    static let rebuilding = "the search index is being rebuilt: results may be incomplete"

    static func render(_ hit: FindHit, bold: Bool) -> String {
        let number = String(hit.number).leftPadded(toWidth: 3)
        let show = SafeText.escaped(hit.podcastTitle ?? "podcast \(hit.podcast ?? 0)")
        let name: String
        if let episode = hit.episode {
            name = "\(show) · “\(SafeText.escaped(hit.episodeTitle ?? "episode \(episode)"))” (episode \(episode))"
        } else {
            name = "\(show) (podcast \(hit.podcast ?? 0))"
        }
        return "\(number)  \(name)\n     \(place(hit)): \(snippet(hit.snippet, bold: bold))"
    }

    /// What `earshot play --hit N` says it plays: `Playing hit 2 of the last find: Show · “Episode”, from 41:07`.
    static func played(_ hit: FindHit) -> String {
        let show = SafeText.escaped(hit.podcastTitle ?? "podcast \(hit.podcast ?? 0)")
        guard hit.episode != nil else { return "Playing hit \(hit.number) of the last find: \(show)" }
        let episode = SafeText.escaped(hit.episodeTitle ?? "episode \(hit.episode ?? 0)")
        let from = hit.at.map { ", from " + TimeText.clock($0) } ?? ""
        return "Playing hit \(hit.number) of the last find: \(show) · “\(episode)”\(from)"
    }

    static func place(_ hit: FindHit) -> String {
        let time = hit.at.map { " at " + TimeText.clock($0) } ?? ""
        switch hit.place {
        case "podcast": return "podcast title"
        case "title": return "title"
        case "notes": return "show notes"
        case "chapter": return "chapter" + time
        case "bookmark": return "bookmark \(hit.bookmark ?? 0)" + time
        case "person":
            let role = SafeText.escaped(hit.role ?? "host")
            return hit.episode == nil ? tr("%s of this podcast", role) : tr("%s in this episode", role)
        default:
            let speaker = hit.speaker.map { ", " + SafeText.escaped($0) } ?? ""
            let more = (hit.moments ?? 0) > 1 ? " (\(hit.moments!) moments)" : ""
            let generated = hit.generated.map { " (generated by \(SafeText.escaped($0)))" } ?? ""
            return "transcript" + generated + time + speaker + more
        }
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
