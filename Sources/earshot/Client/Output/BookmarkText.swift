import EarshotFeed
import EarshotLocale

/// Bookmarks as a listener reads them: grouped under their episode, each with its number, its moment,
/// its note and what was said; or as Markdown to paste into notes.
enum BookmarkText {
    /// "Bookmarked 12:34 of “Episode” (bookmark 7)."
    static func made(_ bookmark: BookmarkRecord) -> String {
        // TRANSLATORS: `earshot bookmark`: %1$s is the moment (12:34), %2$s the episode's title, %3$d the bookmark's number.
        tr("Bookmarked %1$s of “%2$s” (bookmark %3$d).", TimeText.clock(bookmark.position),
           SafeText.escaped(bookmark.episodeTitle ?? episodeName(bookmark.episode)), Int(bookmark.id))
    }

    static func render(_ bookmarks: [BookmarkRecord]) -> String {
        // TRANSLATORS: "earshot bookmark [NOTE]" is a command: keep it as it is.
        guard !bookmarks.isEmpty else { return tr("No bookmarks yet: earshot bookmark [NOTE] marks the moment that plays.") }
        var lines: [String] = []
        let width = bookmarks.map { String($0.id).count }.max() ?? 1
        for group in grouped(bookmarks) {
            let first = group[0]
            if !lines.isEmpty { lines.append("") }
            // TRANSLATORS: the heading of an episode's bookmarks: the podcast's title, the episode's title, its number.
            lines.append(SafeText.escaped(tr("%1$s · “%2$s” (episode %3$d)", first.podcastTitle ?? podcastName(first.podcast),
                                             first.episodeTitle ?? episodeName(first.episode), Int(first.episode))))
            for bookmark in group {
                let number = String(repeating: " ", count: width - String(bookmark.id).count) + String(bookmark.id)
                lines.append("  \(number)  \(TimeText.clock(bookmark.position))  " + SafeText.escaped(bookmark.note.isEmpty ? tr("(no note)") : bookmark.note))
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
            // TRANSLATORS: in Markdown of bookmarks, what stands for a podcast without a title.
            let podcast = first.podcastTitle ?? tr("Podcast")
            lines.append("## " + plain("\(podcast) — \(first.episodeTitle ?? episodeName(first.episode))"))
            lines.append("")
            for bookmark in group {
                let note = bookmark.note.isEmpty ? "" : " " + plain(bookmark.note)
                lines.append("- **\(TimeText.clock(bookmark.position))**\(note)")
                if let said = bookmark.said { lines.append("  > " + plain(said)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An episode without a title: "episode 12".
    private static func episodeName(_ id: Int64) -> String {
        // TRANSLATORS: an episode without a title, named by its number.
        tr("episode %d", Int(id))
    }

    /// A podcast without a title: "podcast 3".
    private static func podcastName(_ id: Int64) -> String {
        // TRANSLATORS: a podcast without a title, named by its number.
        tr("podcast %d", Int(id))
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
