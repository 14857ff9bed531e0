import EarshotFeed
import EarshotLocale
import Foundation

/// Picks the one podcast or episode a typed part of a title names: every candidate whose title
/// contains the text (ignoring case), or, among several, the one whose whole title is the text. No
/// match, or several, is a failure that says so (listing at most `listLimit` candidates with their numbers).
enum NameResolution {
    /// A podcast or episode that may be meant: its number, title, and for episodes the podcast's title.
    struct Candidate: Equatable {
        var id: Int64
        var title: String
        var detail: String?
    }

    /// What is being named, for the messages.
    enum Kind {
        case podcast, episode, queuedEpisode, inboxEpisode

        /// "no podcast matches “radio”".
        func noMatch(_ text: String) -> String {
            switch self {
            // TRANSLATORS: a podcast named by part of its title (%s) that no title contains.
            case .podcast: tr("no podcast matches “%s”", text)
            // TRANSLATORS: an episode named by part of its title (%s) that no title contains.
            case .episode: tr("no episode matches “%s”", text)
            // TRANSLATORS: an episode of Up Next named by part of its title (%s) that no title there contains.
            case .queuedEpisode: tr("no episode in Up Next matches “%s”", text)
            // TRANSLATORS: an episode of the inbox named by part of its title (%s) that no title there contains.
            case .inboxEpisode: tr("no episode in the inbox matches “%s”", text)
            }
        }

        /// "“news” matches 3 podcasts; give the number or more of the title:".
        func several(_ text: String, _ count: Int) -> String {
            switch self {
            // TRANSLATORS: part of a title (%1$s) that several podcasts' titles contain (%2$d); the list follows.
            case .podcast: trn("“%1$s” matches %2$d podcast; give the number or more of the title:",
                               "“%1$s” matches %2$d podcasts; give the number or more of the title:", count, text, count)
            // TRANSLATORS: part of a title (%1$s) that several episodes' titles contain (%2$d); the list follows.
            case .episode: trn("“%1$s” matches %2$d episode; give the number or more of the title:",
                               "“%1$s” matches %2$d episodes; give the number or more of the title:", count, text, count)
            // TRANSLATORS: part of a title (%1$s) that several titles in Up Next contain (%2$d); the list follows.
            case .queuedEpisode: trn("“%1$s” matches %2$d episode in Up Next; give the number or more of the title:",
                                     "“%1$s” matches %2$d episodes in Up Next; give the number or more of the title:", count, text, count)
            // TRANSLATORS: part of a title (%1$s) that several titles in the inbox contain (%2$d); the list follows.
            case .inboxEpisode: trn("“%1$s” matches %2$d episode in the inbox; give the number or more of the title:",
                                    "“%1$s” matches %2$d episodes in the inbox; give the number or more of the title:", count, text, count)
            }
        }
    }

    static let listLimit = 10

    /// The candidates whose title contains `text`, ignoring case.
    static func matching(_ text: String, in candidates: [Candidate]) -> [Candidate] {
        candidates.filter { $0.title.range(of: text, options: [.caseInsensitive]) != nil }
    }

    /// The id `text` names among `matches` (candidates already known to contain it).
    static func choose(_ text: String, among matches: [Candidate], kind: Kind) throws -> Int64 {
        if matches.count == 1 { return matches[0].id }
        let exact = matches.filter { $0.title.compare(text, options: [.caseInsensitive]) == .orderedSame }
        if exact.count == 1 { return exact[0].id }
        guard !matches.isEmpty else { throw CommandFailure(kind.noMatch(text)) }
        throw CommandFailure(ambiguity(text, matches, kind: kind))
    }

    /// The id `text` names when the daemon counted the matches: `total` titles contain it, `exact` are
    /// (the first two of) those whose whole title it is, `shown` the first few to list.
    static func choose(_ text: String, total: Int, exact: [Candidate], shown: [Candidate], kind: Kind) throws -> Int64 {
        if total == 1, let only = shown.first { return only.id }
        if exact.count == 1 { return exact[0].id }
        guard total > 0 else { throw CommandFailure(kind.noMatch(text)) }
        throw CommandFailure(ambiguity(text, shown, total: total, kind: kind))
    }

    /// "“news” matches 3 podcasts: …" with one indented line per candidate (of `total`, when only the
    /// first are known).
    static func ambiguity(_ text: String, _ matches: [Candidate], total: Int? = nil, kind: Kind) -> String {
        let matchCount = total ?? matches.count
        let shown = matches.prefix(listLimit)
        let width = shown.map { String($0.id).count }.max() ?? 1
        var lines = [kind.several(text, matchCount)]
        for candidate in shown {
            let number = String(repeating: " ", count: width - String(candidate.id).count) + String(candidate.id)
            lines.append(SafeText.escaped("  \(number)  \(candidate.title)" + (candidate.detail.map { " — \($0)" } ?? "")))
        }
        // TRANSLATORS: under a list of the first podcasts or episodes a name matches: how many more it matches.
        if matchCount > shown.count { lines.append("  " + trn("… and %d more", "… and %d more", matchCount - shown.count, matchCount - shown.count)) }
        return lines.joined(separator: "\n")
    }
}
