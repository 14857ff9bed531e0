import EarshotFeed
import Foundation
import GRDB

extension Store {
    /// The best places in the library for `query`, best first, at most `limit` (none for `limit` ≤ 0).
    ///
    /// Ranked by BM25's term frequencies (`SearchRank`) with weights by place: podcast and episode
    /// titles 10, chapter titles 5, show notes 2, transcript 1. **One hit per episode**: its best place (title, chapter, notes, or its best
    /// transcript moment, whichever ranks highest), with `moments`, the number of its transcript's
    /// segments that match, so a listener sees an episode once and knows how much of it is about the
    /// words. A podcast whose title matches is a hit of its own.
    ///
    /// The work is bounded however many rows match: each index ranks at most `Search.candidates` of
    /// its matches, the most recent (the highest row ids: episodes and transcripts stored last), and
    /// gives its best `limit` episodes. A word in half the library ranks the newest thousand episodes
    /// that have it, best first; a rarer one ranks all of them. Transcript segments are taken one
    /// episode at a time before the limit: while a full window of segments names fewer than `limit`
    /// episodes (transcripts that say the word a hundred times each), the next window starts below the
    /// oldest episode it reached, so each window adds an episode and at most `limit` more are read;
    /// none is, once `limit` episodes rank above any transcript segment can (a common word in their
    /// titles or notes). A
    /// word being typed that already fills those thousand as a whole word ranks as that word, not as a
    /// prefix.
    /// - Parameters:
    ///   - podcast: only this podcast (its title and its episodes); nil for the whole library.
    ///   - marks: what surrounds each match in the snippets.
    public func find(_ query: SearchQuery, podcast: PodcastID? = nil, limit: Int = 20, marks: SnippetMarks = .control) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        return try searching { db in
            var search = Search(db: db, query: query, podcast: podcast, limit: limit, ellipsis: marks.ellipsis)
            return try search.run(marks: marks)
        }
    }

    /// `find` within `scope`: the podcasts' titles and the episodes' titles, chapters, notes and
    /// transcripts that match `query`, best first, ranked as `find` ranks (the desktop's search narrowing
    /// its results as more is typed). Each podcast and episode is looked up by its own row: however
    /// many words a longer prefix starts (`ston*`), no list is merged.
    public func find(_ query: SearchQuery, within scope: SearchScope, limit: Int = 20, marks: SnippetMarks = .control) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        return try searching { db in
            var search = Search(db: db, query: query, scope: scope, limit: limit, ellipsis: marks.ellipsis)
            return try search.run(marks: marks)
        }
    }

    /// Reads `body`, once more when it failed on a damaged index, then emptied to be filled again.
    private func searching(_ body: (Database) throws -> [SearchHit]) throws -> [SearchHit] {
        do {
            return try pool.read(body)
        } catch {
            guard mendedSearchIndex(after: error) else { throw Self.translate(error, path: path) }
            return try read(body)
        }
    }
}

/// One `Store.find`, in two steps. **Ranking**: each index ranks its candidates (the most recent
/// `candidates` matches, or the rows of a scope) with nothing but their row ids and scores. **Details**:
/// the best of them are read one row at a time (snippets, the chapter or transcript moment, how many
/// moments match) with `detail`, the query with a long prefix cut to the index's own (`ston*` for
/// `stone*`), whose matches `check` tells apart. FTS5 3.40 merges the lists of every word a longer prefix
/// starts for each statement that reads it, even for one row: the ranking reads it once, the details
/// never.
struct Search {
    let db: Database
    let query: SearchQuery
    let podcast: PodcastID?
    /// The rows ranked, for a search within results; nil for the whole library (or `podcast`).
    let scope: SearchScope?
    let limit: Int
    let ellipsis: String
    /// The query the details read rows with: `query`, or `query` broadened (then `check` is not nil).
    private let detail: SearchQuery
    /// Which matches of a broadened `detail` are matches of `query`.
    private let check: TypedPrefixCheck?

    /// Podcast-title hits, and the best hit of each episode so far.
    var podcastHits: [SearchHit] = []
    var best: [Int64: Candidate] = [:]
    /// How many of each episode's transcript segments match, when counted while ranking a scope.
    private var momentCounts: [Int64: Int]?

    /// A candidate hit for an episode; its snippet (and, for the episode's own row, which of its
    /// columns matched) is read in the details, the chapter's start or transcript moment at the end.
    struct Candidate {
        var score: Double
        var place: Place
        var snippet: String?
    }

    enum Place {
        /// The episode's title, chapters or notes: which one, the details tell.
        case episodeRow
        case title, notes, chapter(line: Int), transcript(segment: Int64)
        /// A person the item names (`Store+FindPeople`).
        case person(name: String, role: String)
    }

    /// The most matches an index ranks (see `Store.find`).
    static let candidates = 1_000

    /// The marks the SQL puts around matches; `mark(_:with:)` turns them into the caller's.
    static let open = String(TypedPrefixCheck.open), close = String(TypedPrefixCheck.close)
    private static let markArguments = "char(1), char(2)"

    /// A search of the whole library (of `podcast`, when given), or of the rows of `scope`.
    init(db: Database, query: SearchQuery, podcast: PodcastID? = nil, scope: SearchScope? = nil, limit: Int, ellipsis: String) {
        self.db = db
        self.query = query
        self.podcast = podcast
        self.scope = scope
        self.limit = limit
        self.ellipsis = ellipsis
        let broadened = query.broadened()
        detail = broadened?.query ?? query
        check = broadened?.check
    }

    /// `snippet` with the caller's marks.
    static func mark(_ snippet: String, with marks: SnippetMarks) -> String {
        snippet.replacingOccurrences(of: open, with: marks.open).replacingOccurrences(of: close, with: marks.close)
    }

    /// Each index's candidates, then the best hits with the caller's marks.
    mutating func run(marks: SnippetMarks) throws -> [SearchHit] {
        try podcastTitles()
        try episodes()
        try transcripts()
        try people()
        return try hits().map { hit in
            var hit = hit
            hit.snippet = Self.mark(hit.snippet, with: marks)
            return hit
        }
    }

    /// The podcast restriction as a term of an index with a `podcast` column.
    private var podcastTerm: String {
        podcast.map { "podcast : \"p\($0.rawValue)\" AND " } ?? ""
    }

    /// `query` in an episode's title, chapters or notes.
    private func episodeMatch(_ query: SearchQuery) -> String {
        podcastTerm + "{title chapters notes} : (\(query.expression))"
    }

    /// `query` in a transcript segment's text.
    private func segmentMatch(_ query: SearchQuery) -> String {
        podcastTerm + "text : (\(query.expression))"
    }

    private static let episodeWeights = "10.0, 5.0, 2.0, 0.0", segmentWeights = "1.0, 0.0"
    /// Every transcript segment scores above this (`SearchRank.bound`).
    private static let segmentBound = SearchRank.bound(weights: [1.0, 0.0])

    /// Whether text `detail` highlighted holds a match of `query` (always, when it is `query`).
    private func asTyped(_ highlighted: @autoclosure () -> String?) -> Bool {
        guard let check else { return true }
        return highlighted().map(check.matches) ?? false
    }

    /// Text `detail` marked, with the marks of `query`'s matches only.
    private func typed(_ marked: String?) -> String? {
        guard let check else { return marked }
        return marked.map(check.unmarkingBroaderMatches)
    }

    /// `highlight(table, column)` for each column when `detail` is broadened; nothing otherwise.
    private func checkedText(_ table: String, columns: [Int]) -> String {
        check == nil ? "" : columns.map { ", highlight(\(table), \($0), \(Self.markArguments))" }.joined()
    }

    // MARK: Ranking

    /// Podcast titles are few: the index is read whole (or by row, for a scope), with `detail`.
    mutating func podcastTitles() throws {
        let only: [PodcastID?] = scope.map { $0.podcasts.map(Optional.some) } ?? [podcast]
        for podcast in only {
            let rows = try Row.fetchAll(db, sql: """
                SELECT rowid, rank, snippet(podcastSearch, 0, \(Self.markArguments), ?, 16)\(checkedText("podcastSearch", columns: [0]))
                FROM podcastSearch WHERE podcastSearch MATCH ? AND rank MATCH '\(SearchRank.name)(10.0)' \(podcast == nil ? "" : "AND rowid = ?")
                ORDER BY rank LIMIT \(check == nil ? limit : -1)
                """, arguments: [ellipsis, detail.expression] + (podcast.map { [$0.rawValue] } ?? []))
            for row in rows.filter({ asTyped($0.text(3)) }).prefix(limit) {
                podcastHits.append(SearchHit(podcast: PodcastID(rawValue: row[0]), episode: nil, place: .podcastTitle,
                                             snippet: typed(row.text(2)) ?? "", moments: 0, relevance: -(row.real(1) ?? 0)))
            }
        }
    }

    mutating func episodes() throws {
        if let scope {
            for episode in scope.episodes {
                if let candidate = try episodeDetails(episode.rawValue, score: nil) { offer(episode.rawValue, candidate) }
            }
        } else {
            let rows = try ranked("episodeSearch", episodeMatch, weights: Self.episodeWeights).rows
            for (row, score) in Self.scored(rows).sorted(by: Self.better).prefix(limit) {
                offer(row, Candidate(score: score, place: .episodeRow))
            }
        }
    }

    mutating func transcripts() throws {
        if let scope {
            var counts: [Int64: Int] = [:]
            for episode in scope.episodes {
                let matching = try segments(of: episode.rawValue)
                counts[episode.rawValue] = matching.count
                for (segment, score) in matching { offer(episode.rawValue, Candidate(score: score, place: .transcript(segment: segment))) }
            }
            momentCounts = counts
        } else {
            let first = try ranked("transcriptSearch", segmentMatch, weights: Self.segmentWeights)
            var rows = first.rows
            var episodes = Set<Int64>()
            while true {
                for (segment, score) in Self.scored(rows) {
                    let episode = TranscriptRows.episode(of: segment).rawValue
                    episodes.insert(episode)
                    offer(episode, Candidate(score: score, place: .transcript(segment: segment)))
                }
                guard rows.count == Self.candidates, episodes.count < limit, !settled, let last = rows.last else { break }
                let below = TranscriptRows.range(of: TranscriptRows.episode(of: last[0])).lowerBound
                rows = try candidates("transcriptSearch", first.match, weights: Self.segmentWeights, below: below)
            }
        }
    }

    /// The `candidates` most recent matches of `query` in `table` (FTS5 walks its lists backwards),
    /// `match` making the MATCH expression, and the expression they matched: row ids and scores only.
    ///
    /// A word being typed that the library already holds as a whole word at least `candidates` times
    /// (`went`, `house`) is ranked as that word: its most recent matches fill the window on their own,
    /// read lazily. A prefix longer than the index keeps (`house*`) would first merge the lists of
    /// every word it starts; before schema v9 four letters did too (`went*`: 53 ms at a million
    /// episodes, against 5 ms for `went`). Longer words it starts (`wentworth`, `household`) are still
    /// marked in the snippets, and match on their own as soon as one more letter is typed.
    private func ranked(_ table: String, _ match: (SearchQuery) -> String, weights: String) throws -> (match: String, rows: [Row]) {
        if let whole = query.typedWordWhole() {
            let rows = try candidates(table, match(whole), weights: weights)
            if rows.count >= Self.candidates { return (match(whole), rows) }
        }
        return (match(query), try candidates(table, match(query), weights: weights))
    }

    /// The row ids and scores of the `candidates` most recent matches of `match` in `table`, those with
    /// a row id below `below` when given.
    private func candidates(_ table: String, _ match: String, weights: String, below: Int64? = nil) throws -> [Row] {
        var arguments: StatementArguments = [match]
        if let below { arguments += [below] }
        return try Row.fetchAll(db, sql: """
            SELECT rowid, rank FROM \(table) WHERE \(table) MATCH ? AND rank MATCH '\(SearchRank.name)(\(weights))'
            \(below == nil ? "" : "AND rowid < ?") ORDER BY rowid DESC LIMIT \(Self.candidates)
            """, arguments: arguments)
    }

    /// The row ids and scores of `rows` from `candidates`.
    private static func scored(_ rows: [Row]) -> [(row: Int64, score: Double)] {
        rows.map { (row: $0[0] as Int64, score: $0.real(1) ?? 0) }
    }

    /// Whether `a` ranks above `b`: the better score, then the lower row id.
    private static func better(_ a: (row: Int64, score: Double), _ b: (row: Int64, score: Double)) -> Bool {
        (a.score, a.row) < (b.score, b.row)
    }

    /// An episode's transcript segments that match, with their scores (read with `detail`, checked).
    private func segments(of episode: Int64) throws -> [(row: Int64, score: Double)] {
        let range = TranscriptRows.range(of: EpisodeID(rawValue: episode))
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT rowid, rank\(checkedText("transcriptSearch", columns: [0])) FROM transcriptSearch
            WHERE transcriptSearch MATCH ? AND rowid BETWEEN ? AND ? AND rank MATCH '\(SearchRank.name)(\(Self.segmentWeights))'
            """), arguments: [segmentMatch(detail), range.lowerBound, range.upperBound])
        return rows.filter { asTyped($0.text(2)) }.map { (row: $0[0] as Int64, score: $0.real(1) ?? 0) }
    }

    // MARK: Details

    /// Reads episode `row` with `detail`: its best place and snippet, with `score` from the ranking, or,
    /// for a row of a scope, its own score when it matches `query` (else nil).
    private func episodeDetails(_ row: Int64, score: Double?) throws -> Candidate? {
        let found = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT rank, snippet(episodeSearch, 0, \(Self.markArguments), ?, 16),
                highlight(episodeSearch, 1, \(Self.markArguments)), snippet(episodeSearch, 2, \(Self.markArguments), ?, 12)
                \(checkedText("episodeSearch", columns: [0, 2]))
            FROM episodeSearch WHERE episodeSearch MATCH ? AND rowid = ? AND rank MATCH '\(SearchRank.name)(\(Self.episodeWeights))'
            """), arguments: [ellipsis, ellipsis, episodeMatch(detail), row])
        guard let found, score != nil || asTyped(found.text(4)) || asTyped(found.text(2)) || asTyped(found.text(5)) else { return nil }
        let score = score ?? found.real(0) ?? 0
        if let title = typed(found.text(1)), title.contains(Self.open) {
            return Candidate(score: score, place: .title, snippet: title)
        } else if let lines = typed(found.text(2))?.split(separator: "\n", omittingEmptySubsequences: false),
                  let line = lines.firstIndex(where: { $0.contains(Self.open) }) {
            return Candidate(score: score, place: .chapter(line: line), snippet: String(lines[line]))
        }
        return Candidate(score: score, place: .notes, snippet: typed(found.text(3)) ?? "")
    }

    /// Transcript segment `row`'s snippet, read with `detail`.
    private func segmentSnippet(_ row: Int64) throws -> String {
        typed(try String.fetchOne(db.cachedStatement(sql: """
            SELECT snippet(transcriptSearch, 0, \(Self.markArguments), ?, 12) FROM transcriptSearch
            WHERE transcriptSearch MATCH ? AND rowid = ?
            """), arguments: [ellipsis, segmentMatch(detail), row])) ?? ""
    }

    /// `candidate` with its details read, for a hit.
    private func details(of episode: Int64, _ candidate: Candidate) throws -> Candidate? {
        guard candidate.snippet == nil else { return candidate }
        switch candidate.place {
        case .episodeRow: return try episodeDetails(episode, score: candidate.score)
        case .transcript(let segment):
            var candidate = candidate
            candidate.snippet = try segmentSnippet(segment)
            return candidate
        case .title, .notes, .chapter, .person: return candidate
        }
    }

    /// How many of `episode`'s transcript segments match (none read when it has no transcript).
    private func moments(of episode: Int64) throws -> Int {
        if let counted = momentCounts { return counted[episode] ?? 0 }
        let range = TranscriptRows.range(of: EpisodeID(rawValue: episode))
        let transcribed = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM transcriptSegment WHERE id BETWEEN ? AND ?)"),
                                            arguments: [range.lowerBound, range.upperBound]) ?? false
        return transcribed ? try segments(of: episode).count : 0
    }

    /// Whether `limit` episodes already rank above any transcript segment can: more segments would
    /// change no hit.
    private var settled: Bool {
        best.values.lazy.filter { $0.score < Self.segmentBound }.count >= limit
    }

    /// Keeps `candidate` when it ranks above the episode's best so far.
    mutating func offer(_ episode: Int64, _ candidate: Candidate) {
        if let kept = best[episode], kept.score <= candidate.score { return }
        best[episode] = candidate
    }

    /// The best `limit` hits: podcast titles and episodes, best first, with their details. An episode
    /// no longer stored (an index edited behind the store's back) is left out.
    func hits() throws -> [SearchHit] {
        let episodes = best.sorted { ($0.value.score, $0.key) < ($1.value.score, $1.key) }.prefix(limit)
        var hits = podcastHits
        for (episode, ranked) in episodes {
            guard let candidate = try details(of: episode, ranked),
                  let row = try Row.fetchOne(db, sql: "SELECT feedId, coalesce(feedChapters, chapters) FROM episode WHERE id = ?",
                                             arguments: [episode]),
                  let feed = row.integer(0)
            else { continue }
            let place: SearchPlace
            var generator: TranscriptGenerator?
            switch candidate.place {
            case .title: place = .episodeTitle
            case .person(let name, let role): place = .person(name: name, role: role)
            case .notes, .episodeRow: place = .notes
            case .chapter(let line):
                let chapters = row.text(1).flatMap(ChaptersJSON.chapters) ?? []
                guard line < chapters.count else { continue }
                place = .chapter(start: chapters[line].start, title: SearchIndex.chapterLines(chapters)[line])
            case .transcript(let segment):
                let moment = try Row.fetchOne(db, sql: "SELECT start, speaker FROM transcriptSegment WHERE id = ?", arguments: [segment])
                place = .transcript(start: moment?.real(0), speaker: moment?.text(1))
                let made = try Row.fetchOne(db, sql: "SELECT generator, generatorModel FROM transcript WHERE episodeId = ?", arguments: [episode])
                generator = made?.text(0).map { TranscriptGenerator(engine: $0, model: made?.text(1) ?? "") }
            }
            hits.append(SearchHit(podcast: PodcastID(rawValue: feed), episode: EpisodeID(rawValue: episode), place: place,
                                  snippet: candidate.snippet ?? "", moments: try moments(of: episode),
                                  relevance: -candidate.score, generator: generator))
        }
        return Array(hits.sorted {
            ($1.relevance, $0.podcast.rawValue, $0.episode?.rawValue ?? 0) < ($0.relevance, $1.podcast.rawValue, $1.episode?.rawValue ?? 0)
        }.prefix(limit))
    }
}
