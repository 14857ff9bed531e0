import EarshotFeed
import Foundation

/// How the answers of several directories become one list: each feed once (`FeedKey`), ranked by how
/// high every directory that lists it places it (the sum of 1 / place, so a show two directories list
/// near the top rises above one only a single directory does), a title that is exactly the words
/// searched for first, and ties in the order the directories are configured. One directory's list
/// (a chart) keeps its order.
enum ShowRanking {
    /// `lists` in the configured order of their directories; `terms`, the words of a search.
    static func merged(_ lists: [[DirectoryShow]], terms: String? = nil) -> [FoundShow] {
        var shows: [FoundShow] = []
        var scores: [Double] = []
        var index: [FeedKey: Int] = [:]
        for list in lists {
            var listed = Set<FeedKey>()
            for (place, show) in list.enumerated() {
                let key = FeedKey(show.feed)
                guard listed.insert(key).inserted else { continue }
                if let found = index[key] {
                    shows[found].absorb(show)
                    scores[found] += 1 / Double(place + 1)
                } else {
                    index[key] = shows.count
                    shows.append(FoundShow(show))
                    scores.append(1 / Double(place + 1))
                }
            }
        }
        let wanted = terms.map(comparable)
        let order = shows.indices.sorted { a, b in
            let exactA = wanted != nil && comparable(shows[a].title) == wanted
            let exactB = wanted != nil && comparable(shows[b].title) == wanted
            if exactA != exactB { return exactA }
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            return a < b
        }
        return order.map { shows[$0] }
    }

    /// Letters and digits only, without case or accents: "The Daily!" and "the daily" compare equal.
    static func comparable(_ text: String) -> String {
        String(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars
            .filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
