import EarshotFeed
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

        var singular: String { self == .podcast ? "podcast" : "episode" }
        var plural: String { self == .podcast ? "podcasts" : "episodes" }
        var scope: String {
            switch self {
            case .queuedEpisode: " in Up Next"
            case .inboxEpisode: " in the inbox"
            case .podcast, .episode: ""
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
        guard !matches.isEmpty else { throw CommandFailure("no \(kind.singular)\(kind.scope) matches “\(text)”") }
        throw CommandFailure(ambiguity(text, matches, kind: kind))
    }

    /// The id `text` names when the daemon counted the matches: `total` titles contain it, `exact` are
    /// (the first two of) those whose whole title it is, `shown` the first few to list.
    static func choose(_ text: String, total: Int, exact: [Candidate], shown: [Candidate], kind: Kind) throws -> Int64 {
        if total == 1, let only = shown.first { return only.id }
        if exact.count == 1 { return exact[0].id }
        guard total > 0 else { throw CommandFailure("no \(kind.singular)\(kind.scope) matches “\(text)”") }
        throw CommandFailure(ambiguity(text, shown, total: total, kind: kind))
    }

    /// "“news” matches 3 podcasts: …" with one indented line per candidate (of `total`, when only the
    /// first are known).
    static func ambiguity(_ text: String, _ matches: [Candidate], total: Int? = nil, kind: Kind) -> String {
        let matchCount = total ?? matches.count
        let shown = matches.prefix(listLimit)
        let width = shown.map { String($0.id).count }.max() ?? 1
        var lines = ["“\(text)” matches \(matchCount) \(kind.plural)\(kind.scope); give the number or more of the title:"]
        for candidate in shown {
            let number = String(repeating: " ", count: width - String(candidate.id).count) + String(candidate.id)
            lines.append(SafeText.escaped("  \(number)  \(candidate.title)" + (candidate.detail.map { " — \($0)" } ?? "")))
        }
        if matchCount > shown.count { lines.append("  … and \(matchCount - shown.count) more") }
        return lines.joined(separator: "\n")
    }
}
