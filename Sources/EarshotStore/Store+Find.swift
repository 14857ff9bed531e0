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
    /// gives its best `limit` (4 × `limit` transcript segments). A word in half the library ranks the
    /// newest thousand episodes that have it, best first; a rarer one ranks all of them.
    /// - Parameters:
    ///   - podcast: only this podcast (its title and its episodes); nil for the whole library.
    ///   - marks: what surrounds each match in the snippets.
    public func find(_ query: SearchQuery, podcast: PodcastID? = nil, limit: Int = 20, marks: SnippetMarks = .control) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        return try read { db in
            var search = Search(db: db, query: query, podcast: podcast, limit: limit, ellipsis: marks.ellipsis)
            try search.podcastTitles()
            try search.episodes()
            try search.transcripts()
            return try search.hits().map { hit in
                var hit = hit
                hit.snippet = Search.mark(hit.snippet, with: marks)
                return hit
            }
        }
    }
}

/// One `Store.find`: the candidates of each index, then one hit per episode.
private struct Search {
    let db: Database
    let query: SearchQuery
    let podcast: PodcastID?
    let limit: Int
    let ellipsis: String

    /// Podcast-title hits, and the best hit of each episode so far.
    private var podcastHits: [SearchHit] = []
    private var best: [Int64: Candidate] = [:]

    /// A candidate hit for an episode; the chapter's line or transcript segment is resolved at the end.
    private struct Candidate {
        var score: Double
        var place: Place
        var snippet: String
    }

    private enum Place {
        case title, notes, chapter(line: Int), transcript(segment: Int64)
    }

    /// The most matches an index ranks (see `Store.find`).
    static let candidates = 1_000

    /// The marks the SQL puts around matches; `mark(_:with:)` turns them into the caller's.
    private static let open = "\u{1}", close = "\u{2}"
    private static let markArguments = "char(1), char(2)"

    init(db: Database, query: SearchQuery, podcast: PodcastID?, limit: Int, ellipsis: String) {
        self.db = db
        self.query = query
        self.podcast = podcast
        self.limit = limit
        self.ellipsis = ellipsis
    }

    /// `snippet` with the caller's marks.
    static func mark(_ snippet: String, with marks: SnippetMarks) -> String {
        snippet.replacingOccurrences(of: open, with: marks.open).replacingOccurrences(of: close, with: marks.close)
    }

    /// The podcast restriction as a term of an index with a `podcast` column.
    private var podcastTerm: String {
        podcast.map { "podcast : \"p\($0.rawValue)\" AND " } ?? ""
    }

    mutating func podcastTitles() throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, rank, snippet(podcastSearch, 0, \(Self.markArguments), ?, 16) FROM podcastSearch
            WHERE podcastSearch MATCH ? AND rank MATCH '\(SearchRank.name)(10.0)' \(podcast == nil ? "" : "AND rowid = ?")
            ORDER BY rank LIMIT ?
            """, arguments: [ellipsis, query.expression] + (podcast.map { [$0.rawValue] } ?? []) + [limit])
        for row in rows {
            podcastHits.append(SearchHit(podcast: PodcastID(rawValue: row[0]), episode: nil, place: .podcastTitle,
                                         snippet: row.text(2) ?? "", moments: 0, relevance: -(row.real(1) ?? 0)))
        }
    }

    mutating func episodes() throws {
        let match = podcastTerm + "{title chapters notes} : (\(query.expression))"
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, rank, snippet(episodeSearch, 0, \(Self.markArguments), ?, 16),
                highlight(episodeSearch, 1, \(Self.markArguments)), snippet(episodeSearch, 2, \(Self.markArguments), ?, 12)
            FROM episodeSearch WHERE episodeSearch MATCH ? AND rowid >= ? AND rank MATCH '\(SearchRank.name)(10.0, 5.0, 2.0, 0.0)'
            ORDER BY rank LIMIT ?
            """, arguments: [ellipsis, ellipsis, match, try window("episodeSearch", match), limit])
        for row in rows {
            let score = row.real(1) ?? 0
            if let title = row.text(2), title.contains(Self.open) {
                offer(row[0], Candidate(score: score, place: .title, snippet: title))
            } else if let lines = row.text(3)?.split(separator: "\n", omittingEmptySubsequences: false),
                      let line = lines.firstIndex(where: { $0.contains(Self.open) }) {
                offer(row[0], Candidate(score: score, place: .chapter(line: line), snippet: String(lines[line])))
            } else {
                offer(row[0], Candidate(score: score, place: .notes, snippet: row.text(4) ?? ""))
            }
        }
    }

    mutating func transcripts() throws {
        let match = podcastTerm + "text : (\(query.expression))"
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, rank, snippet(transcriptSearch, 0, \(Self.markArguments), ?, 12)
            FROM transcriptSearch WHERE transcriptSearch MATCH ? AND rowid >= ? AND rank MATCH '\(SearchRank.name)(1.0, 0.0)'
            ORDER BY rank LIMIT ?
            """, arguments: [ellipsis, match, try window("transcriptSearch", match), 4 * limit])
        for row in rows {
            let segment: Int64 = row[0]
            offer(TranscriptRows.episode(of: segment).rawValue,
                  Candidate(score: row.real(1) ?? 0, place: .transcript(segment: segment), snippet: row.text(2) ?? ""))
        }
    }

    /// The lowest row id of the `candidates` most recent matches of `match` in `table` (FTS5 walks its
    /// lists backwards and stops there); the lowest row id possible when there are fewer.
    private func window(_ table: String, _ match: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
                           arguments: [match, Self.candidates - 1]) ?? Int64.min
    }

    /// Keeps `candidate` when it ranks above the episode's best so far.
    private mutating func offer(_ episode: Int64, _ candidate: Candidate) {
        if let kept = best[episode], kept.score <= candidate.score { return }
        best[episode] = candidate
    }

    /// The best `limit` hits: podcast titles and episodes, best first, with their details. An episode
    /// no longer stored (an index edited behind the store's back) is left out.
    func hits() throws -> [SearchHit] {
        let episodes = best.sorted { ($0.value.score, $0.key) < ($1.value.score, $1.key) }.prefix(limit)
        let moments = try self.moments(of: episodes.map(\.key))
        var hits = podcastHits
        for (episode, candidate) in episodes {
            guard let row = try Row.fetchOne(db, sql: "SELECT feedId, coalesce(feedChapters, chapters) FROM episode WHERE id = ?",
                                             arguments: [episode]),
                  let feed = row.integer(0)
            else { continue }
            let place: SearchPlace
            switch candidate.place {
            case .title: place = .episodeTitle
            case .notes: place = .notes
            case .chapter(let line):
                let chapters = row.text(1).flatMap(ChaptersJSON.chapters) ?? []
                guard line < chapters.count else { continue }
                place = .chapter(start: chapters[line].start, title: SearchIndex.chapterLines(chapters)[line])
            case .transcript(let segment):
                let moment = try Row.fetchOne(db, sql: "SELECT start, speaker FROM transcriptSegment WHERE id = ?", arguments: [segment])
                place = .transcript(start: moment?.real(0), speaker: moment?.text(1))
            }
            hits.append(SearchHit(podcast: PodcastID(rawValue: feed), episode: EpisodeID(rawValue: episode), place: place,
                                  snippet: candidate.snippet, moments: moments[episode] ?? 0,
                                  relevance: -candidate.score))
        }
        return Array(hits.sorted {
            ($1.relevance, $0.podcast.rawValue, $0.episode?.rawValue ?? 0) < ($0.relevance, $1.podcast.rawValue, $1.episode?.rawValue ?? 0)
        }.prefix(limit))
    }

    /// How many of each episode's transcript segments match, for those with any: one pass over the
    /// matching segments, counting those of these episodes.
    private func moments(of episodes: [Int64]) throws -> [Int64: Int] {
        guard !episodes.isEmpty else { return [:] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid >> \(TranscriptRows.positionBits), count(*) FROM transcriptSearch
            WHERE transcriptSearch MATCH ? AND rowid >> \(TranscriptRows.positionBits) IN (SELECT value FROM json_each(?))
            GROUP BY 1
            """, arguments: ["text : (\(query.expression))", "[" + episodes.map(String.init).joined(separator: ",") + "]"])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int64, $0[1] as Int) })
    }
}
