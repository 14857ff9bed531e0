import Foundation
import GRDB

/// A smart playlist's rules as one SQL query over the episodes (`Store.playlistEpisodes`): each rule
/// one condition, the order one ORDER BY, the limit one LIMIT. Words are looked up in the full-text
/// index: title and notes in `episodeSearch` (a column filter), what was said in `transcriptSearch`
/// (all the words in one line of the transcript).
struct PlaylistQuery {
    let sql: String
    let arguments: StatementArguments

    /// The query of `rules` evaluated at `now` (ages are counted back from it).
    init(_ rules: PlaylistRules, now: Date) throws(SearchQueryError) {
        var conditions = ["e.soundURL IS NOT NULL"]
        var arguments: StatementArguments = []
        let length = "coalesce(e.learnedDuration, e.duration)"
        if !rules.podcasts.isEmpty {
            conditions.append("e.feedId IN (SELECT value FROM json_each(?))")
            arguments += [Self.json(rules.podcasts.map(\.rawValue))]
        }
        if !rules.excludedPodcasts.isEmpty {
            conditions.append("e.feedId NOT IN (SELECT value FROM json_each(?))")
            arguments += [Self.json(rules.excludedPodcasts.map(\.rawValue))]
        }
        if !rules.states.isEmpty, rules.states.count < ListeningState.allCases.count {
            let each = ListeningState.allCases.filter(rules.states.contains).map { state in
                switch state {
                case .unplayed: "(ifnull(s.hasCompleted, 0) = 0 AND ifnull(s.lastListenTime, 0) = 0)"
                case .inProgress: "(s.hasCompleted = 0 AND s.lastListenTime > 0)"
                case .played: "s.hasCompleted = 1"
                }
            }
            conditions.append("(" + each.joined(separator: " OR ") + ")")
        }
        if let downloaded = rules.downloaded {
            conditions.append("e.id \(downloaded ? "" : "NOT ")IN (SELECT episodeId FROM download WHERE state = 'completed')")
        }
        if let starred = rules.starred { conditions.append("s.starredAt IS \(starred ? "NOT " : "")NULL") }
        if let inbox = rules.inInbox { conditions.append("e.id \(inbox ? "" : "NOT ")IN (SELECT episodeId FROM inbox)") }
        if let minimum = rules.minimumSeconds {
            conditions.append("\(length) >= ?")
            arguments += [minimum]
        }
        if let maximum = rules.maximumSeconds {
            conditions.append("\(length) <= ?")
            arguments += [maximum]
        }
        if let within = rules.publishedWithinSeconds {
            conditions.append("e.releaseDate >= ?")
            arguments += [now.timeIntervalSinceReferenceDate - within]
        }
        if let before = rules.publishedBeforeSeconds {
            conditions.append("e.releaseDate < ?")
            arguments += [now.timeIntervalSinceReferenceDate - before]
        }
        for (words, column) in [(rules.titleWords, "title"), (rules.notesWords, "notes")] {
            guard let words else { continue }
            conditions.append("e.id IN (SELECT rowid FROM episodeSearch WHERE episodeSearch MATCH ?)")
            arguments += [try Self.match(words, column: column)]
        }
        if let said = rules.saidWords {
            conditions.append("e.id IN (SELECT rowid >> \(TranscriptRows.positionBits) FROM transcriptSearch WHERE transcriptSearch MATCH ?)")
            arguments += [try Self.match(said, column: "text")]
        }
        let order: String = switch rules.order {
        case .newest: "e.releaseDate DESC, e.id DESC"
        case .oldest: "e.releaseDate IS NULL, e.releaseDate, e.id"
        case .shortest: "\(length) IS NULL, \(length), e.id"
        case .longest: "\(length) DESC, e.id"
        case .podcast: "(SELECT title FROM feed WHERE id = e.feedId) COLLATE NOCASE, e.feedId, e.releaseDate IS NULL, e.releaseDate, e.id"
        }
        arguments += [max(0, min(rules.limit, PlaylistRules.largestLimit))]
        sql = """
            SELECT e.id FROM episode e LEFT JOIN episodeStatus s ON s.episodeId = e.id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT ?
            """
        self.arguments = arguments
    }

    /// The words as an FTS5 expression on one column, whole words only (a rule is not being typed: the
    /// space ends the last word, so it is not taken as a prefix).
    static func match(_ words: String, column: String) throws(SearchQueryError) -> String {
        "{\(column)} : (\(try SearchQuery(words + " ").expression))"
    }

    private static func json(_ values: [Int64]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
}
