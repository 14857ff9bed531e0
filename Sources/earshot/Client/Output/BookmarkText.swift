import EarshotFeed

/// Bookmarks as a listener reads them: grouped under their episode, each with its number, its moment,
/// its note and what was said; or as Markdown to paste into notes.
enum BookmarkText {
    /// "Bookmarked 12:34 of “Episode” (bookmark 7)."
    static func made(_ bookmark: BookmarkRecord) -> String {
        "Bookmarked \(TimeText.clock(bookmark.position)) of “\(SafeText.escaped(bookmark.episodeTitle ?? "episode \(bookmark.episode)"))” (bookmark \(bookmark.id))."
    }

    static func render(_ bookmarks: [BookmarkRecord]) -> String {
        guard !bookmarks.isEmpty else { return "No bookmarks yet: earshot bookmark [NOTE] marks the moment that plays." }
        var lines: [String] = []
        let width = bookmarks.map { String($0.id).count }.max() ?? 1
        for group in grouped(bookmarks) {
            let first = group[0]
            if !lines.isEmpty { lines.append("") }
            lines.append(SafeText.escaped("\(first.podcastTitle ?? "podcast \(first.podcast)") · “\(first.episodeTitle ?? "episode \(first.episode)")” (episode \(first.episode))"))
            for bookmark in group {
                let number = String(repeating: " ", count: width - String(bookmark.id).count) + String(bookmark.id)
                lines.append("  \(number)  \(TimeText.clock(bookmark.position))  " + SafeText.escaped(bookmark.note.isEmpty ? "(no note)" : bookmark.note))
                if let said = bookmark.said { lines.append("      " + String(repeating: " ", count: width) + "“" + SafeText.escaped(said) + "”") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Markdown: a heading per episode, a list item per bookmark with its moment, note and a quote of
    /// what was said.
    static func markdown(_ bookmarks: [BookmarkRecord]) -> String {
        var lines: [String] = []
        for group in grouped(bookmarks) {
            let first = group[0]
            if !lines.isEmpty { lines.append("") }
            lines.append("## " + plain("\(first.podcastTitle ?? "Podcast") — \(first.episodeTitle ?? "episode \(first.episode)")"))
            lines.append("")
            for bookmark in group {
                let note = bookmark.note.isEmpty ? "" : " " + plain(bookmark.note)
                lines.append("- **\(TimeText.clock(bookmark.position))**\(note)")
                if let said = bookmark.said { lines.append("  > " + plain(said)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Bookmarks grouped by episode, the groups in the order their first bookmark comes.
    private static func grouped(_ bookmarks: [BookmarkRecord]) -> [[BookmarkRecord]] {
        var order: [Int64] = [], groups: [Int64: [BookmarkRecord]] = [:]
        for bookmark in bookmarks {
            if groups[bookmark.episode] == nil { order.append(bookmark.episode) }
            groups[bookmark.episode, default: []].append(bookmark)
        }
        return order.map { groups[$0]! }
    }

    /// Feed text for Markdown: active characters escaped, line breaks as spaces.
    private static func plain(_ text: String) -> String {
        SafeText.escaped(text.replacingOccurrences(of: "\n", with: " "))
    }
}
