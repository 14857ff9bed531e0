import EarshotLocale
import Foundation

/// The table `earshot podcasts` prints: number, title, episodes, unplayed, last checked, auto-queue.
enum PodcastTable {
    static func render(_ podcasts: [PodcastRecord], width: Int?, now: Date = Date()) -> String {
        // TRANSLATORS: "earshot add URL" is a command: keep it as it is.
        guard !podcasts.isEmpty else { return tr("No podcasts yet. Subscribe with: earshot add URL") }
        // TRANSLATORS: column headings of `earshot podcasts`; a column widens to fit its heading, so keep them short.
        // "auto-queue" says whether new episodes go to Up Next by themselves.
        var table = TextTable(columns: [
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: "#", alignRight: true), .init(header: trc("column heading", "title"), flexible: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "episodes"), alignRight: true), .init(header: trc("column heading", "unplayed"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "last checked")), .init(header: trc("column heading", "auto-queue")),
        ])
        table.rows = podcasts.map { podcast in
            [
                String(podcast.id), podcast.displayTitle, podcast.episodes.map(String.init) ?? "?",
                // TRANSLATORS: the "last checked" cell of a podcast whose feed was never fetched (keep it short).
                podcast.unplayed.map(String.init) ?? "?", podcast.lastChecked.map { TimeText.ago($0, now: now) } ?? trc("last checked", "never"),
                // TRANSLATORS: the "auto-queue" cell: whether new episodes go to Up Next by themselves (keep it short).
                podcast.autoQueue.map { $0 ? trc("auto-queue", "on") : trc("auto-queue", "off") } ?? "?",
            ]
        }
        return table.render(width: width)
    }
}
