import EarshotStore
import Foundation

/// Bookmarks as hits of `find`: the listener's own marks come before what the index ranks, each at its
/// moment, its snippet the note (or, when only they match, the words said around it) with the matching
/// words marked.
enum BookmarkHits {
    /// The words of a find as a bookmark is matched with them (quotes, `*` and FTS operators aside).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"*()")) }
            .filter { !$0.isEmpty && !["AND", "OR", "NOT", "NEAR"].contains($0) }
    }

    static func moments(_ bookmarks: [Bookmark], words: [String], marks: SnippetMarks) -> [FoundMoment] {
        bookmarks.map { bookmark in
            let noteMatches = words.allSatisfy { bookmark.note.range(of: $0, options: .caseInsensitive) != nil }
            let text = noteMatches || bookmark.said == nil ? bookmark.note : bookmark.said!
            let hit = SearchHit(podcast: bookmark.podcast, episode: bookmark.episode, place: .bookmark(id: bookmark.id, start: bookmark.position),
                                snippet: marked(text, words, marks), moments: 0, relevance: .infinity)
            return FoundMoment(hit: hit, podcastTitle: bookmark.podcastTitle, episodeTitle: bookmark.episodeTitle)
        }
    }

    /// `text` with each occurrence of `words` (regardless of case) between `marks`.
    static func marked(_ text: String, _ words: [String], _ marks: SnippetMarks) -> String {
        var ranges: [Range<String.Index>] = []
        for word in words {
            var from = text.startIndex
            while let found = text.range(of: word, options: .caseInsensitive, range: from..<text.endIndex) {
                ranges.append(found)
                from = found.upperBound
            }
        }
        var result = "", at = text.startIndex
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= at {
            result += text[at..<range.lowerBound] + marks.open + text[range] + marks.close
            at = range.upperBound
        }
        return result + text[at...]
    }
}
