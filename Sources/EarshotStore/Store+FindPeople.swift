import Foundation
import GRDB

/// `find`'s people: every episode whose item names a person (`podcast:person`) with the words typed,
/// and every podcast whose channel does (its host is in every episode: the podcast is the hit, not its
/// whole back catalogue).
///
/// The names are read from the stored fields (`NamespaceJSON`) by a join on each search, not from the
/// full-text index: a person matches when the name holds every word typed (regardless of case, as
/// titles are matched; the word being typed as the start of more), and ranks as a title holding the
/// words would (`personScore`). Bounded as the index's candidates are: the most recent `candidates`
/// episodes that match. Only the episodes of feeds that name people in their items are read (the
/// feed's stored fields carry that mark, `NamespaceJSON.text(_:itemPeople:)`): the episodes' fields sit
/// after their notes, and reading every row's cost a library of 100,000 episodes 130 ms a search.
extension Search {
    /// What a person's match scores (lower is better): a title that holds the words once.
    static let personScore = -10.0

    mutating func people() throws {
        let words = query.groups.flatMap { $0 }
        guard !words.isEmpty else { return }
        let matches = words.map { _ in "\(TitleMatch.name)(json_extract(p.value, '$.name'), ?)" }.joined(separator: " AND ")
        let wordArguments = StatementArguments(words)

        var episodeFilter = "", episodeArguments: StatementArguments = []
        if let podcast {
            episodeFilter += " AND e.feedId = ?"
            episodeArguments += [podcast.rawValue]
        }
        if let scope {
            episodeFilter += " AND e.id IN (SELECT value FROM json_each(?))"
            episodeArguments += [Self.jsonList(scope.episodes.map(\.rawValue))]
        }
        let episodes = try Row.fetchAll(db, sql: """
            SELECT e.id, json_extract(p.value, '$.name'), json_extract(p.value, '$.role')
            FROM episode e, json_each(e.namespace, '$.people') p
            WHERE e.feedId IN (SELECT id FROM feed WHERE json_extract(namespace, '$.\(NamespaceJSON.itemPeopleKey)'))
                AND e.namespace IS NOT NULL\(episodeFilter) AND \(matches)
            ORDER BY e.id DESC LIMIT \(Self.candidates)
            """, arguments: episodeArguments + wordArguments)
        for row in episodes {
            guard let name = row.text(1) else { continue }
            offer(row[0], Candidate(score: Self.personScore, place: .person(name: name, role: row.text(2) ?? "host"),
                                    snippet: Self.open + name + Self.close))
        }

        var podcastFilter = "", podcastArguments: StatementArguments = []
        if let scope {
            podcastFilter = " AND f.id IN (SELECT value FROM json_each(?))"
            podcastArguments += [Self.jsonList(scope.podcasts.map(\.rawValue))]
        } else if let podcast {
            podcastFilter = " AND f.id = ?"
            podcastArguments += [podcast.rawValue]
        }
        let shows = try Row.fetchAll(db, sql: """
            SELECT f.id, json_extract(p.value, '$.name'), json_extract(p.value, '$.role')
            FROM feed f, json_each(f.namespace, '$.people') p
            WHERE f.namespace IS NOT NULL\(podcastFilter) AND \(matches)
            ORDER BY f.id LIMIT \(limit)
            """, arguments: podcastArguments + wordArguments)
        var named = Set(podcastHits.map(\.podcast))
        for row in shows {
            let podcast = PodcastID(rawValue: row[0])
            guard let name = row.text(1), named.insert(podcast).inserted else { continue }
            podcastHits.append(SearchHit(podcast: podcast, episode: nil, place: .person(name: name, role: row.text(2) ?? "host"),
                                         snippet: Self.open + name + Self.close, moments: 0, relevance: -Self.personScore))
        }
    }

    private static func jsonList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
