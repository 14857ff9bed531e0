import Foundation
import GRDB

/// A smart playlist's rules as one SQL query over the episodes (`Store.playlistEpisodes`): each rule
/// one condition, the order one ORDER BY over an index, the limit one LIMIT (two statements for the orders
/// that put the episodes without a date or a length last). Words are looked up in the full-text
/// index: title and notes in `episodeSearch` (a column filter), what was said in `transcriptSearch`
/// (all the words in one line of the transcript).
struct PlaylistQuery {
    /// The statements, run in turn until the limit is reached.
    let parts: [Part]

    /// The query of `rules` evaluated at `now` (ages are counted back from it).
    init(_ rules: PlaylistRules, now: Date) throws(SearchQueryError) {
        // The partial facts index (v16) is used only for the downloads, named; elsewhere `+` keeps the
        // planner from taking the soundURL test for a narrow one and walking episode_soundURL.
        var conditions = [rules.downloaded == true ? "e.soundURL IS NOT NULL" : "+e.soundURL IS NOT NULL"]
        var arguments: StatementArguments = []
        let length = Self.length
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
        let limit = max(0, min(rules.limit, PlaylistRules.largestLimit))
        // The downloads are a few thousand episodes found by number: their dates and lengths are read
        // from the facts index (a few hundred pages) rather than from each episode's row.
        let episodes = rules.downloaded == true ? "episode e INDEXED BY \(Self.factsIndex)" : "episode e"
        let select = "SELECT e.id FROM \(episodes) LEFT JOIN episodeStatus s ON s.episodeId = e.id"
        let clause = conditions.joined(separator: " AND ")
        // Each order walks an index and stops at the limit: episodes with a date (or a length) in order
        // first, then those without one (`ORDER BY x IS NULL, x` would sort every match instead).
        switch rules.order {
        case .newest:
            parts = [Part(sql: "\(select) WHERE \(clause) ORDER BY e.releaseDate DESC, e.id DESC LIMIT ?", arguments: arguments, limit: limit)]
        case .oldest:
            parts = [Part(sql: "\(select) WHERE \(clause) AND e.releaseDate IS NOT NULL ORDER BY e.releaseDate, e.id LIMIT ?", arguments: arguments, limit: limit),
                     Part(sql: "\(select) WHERE \(clause) AND e.releaseDate IS NULL ORDER BY e.id LIMIT ?", arguments: arguments, limit: limit)]
        case .shortest:
            parts = [Part(sql: "\(select) WHERE \(clause) AND \(length) IS NOT NULL ORDER BY \(length), e.id LIMIT ?", arguments: arguments, limit: limit),
                     Part(sql: "\(select) WHERE \(clause) AND \(length) IS NULL ORDER BY e.id LIMIT ?", arguments: arguments, limit: limit)]
        case .longest:
            parts = [Part(sql: "\(select) WHERE \(clause) ORDER BY \(length) DESC, e.id DESC LIMIT ?", arguments: arguments, limit: limit)]
        case .podcast:
            // By podcast title (feed_titleOrder), each podcast as its feed lists them, oldest first
            // (episode_feedOrder, read backwards).
            parts = [Part(sql: """
                SELECT e.id FROM feed f JOIN episode e ON e.feedId = f.id LEFT JOIN episodeStatus s ON s.episodeId = e.id
                WHERE \(clause) ORDER BY f.title COLLATE NOCASE, f.id, e.feedOrder DESC LIMIT ?
                """, arguments: arguments, limit: limit)]
        }
    }

    /// One statement of the query: its SQL (ending in `LIMIT ?`, bound to what is still wanted).
    struct Part {
        let sql: String
        let arguments: StatementArguments
        let limit: Int
    }

    /// The index of the playable episodes' numbers, release dates and lengths (schema v16).
    static let factsIndex = "episode_playableFacts"

    /// Schema v16: `factsIndex`. Only the playable episodes (a playlist holds no other), and only the
    /// columns the downloaded rule's orders read, so the episode row is never read.
    static let factsIndexSQL = """
        CREATE INDEX \(factsIndex) ON episode (id, releaseDate, learnedDuration, duration) WHERE soundURL IS NOT NULL
        """

    /// The length of an episode as the rules and `episode_length` see it.
    static let length = "coalesce(e.learnedDuration, e.duration)"

    /// The words as an FTS5 expression on one column, whole words only (a rule is not being typed: the
    /// space ends the last word, so it is not taken as a prefix).
    static func match(_ words: String, column: String) throws(SearchQueryError) -> String {
        "{\(column)} : (\(try SearchQuery(words + " ").expression))"
    }

    private static func json(_ values: [Int64]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
}
