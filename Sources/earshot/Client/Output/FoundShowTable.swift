import EarshotLocale
import Foundation

/// The numbered table `earshot search` and `earshot top` print: number, title, author, episodes, the
/// newest episode, the directories that list it, and the podcast number when the library has it.
enum FoundShowTable {
    static func render(_ shows: [FoundShowRecord], width: Int?, now: Date = Date()) -> String {
        // TRANSLATORS: column headings of `earshot search`; a column widens to fit its heading, so keep them short.
        // "latest" is when the newest episode came out, "directory" the podcast directories that list the show.
        var table = TextTable(columns: [
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: "#", alignRight: true), .init(header: trc("column heading", "title"), flexible: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "author"), flexible: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "episodes"), alignRight: true), .init(header: trc("column heading", "latest")),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "directory")), .init(header: trc("column heading", "library")),
        ])
        table.rows = shows.map { show in
            [
                String(show.number), show.title, show.author ?? "", show.episodes.map(String.init) ?? "",
                show.latest.map { TimeText.ago($0, now: now) } ?? "", show.directories.joined(separator: ", "),
                // TRANSLATORS: the "library" cell of a show the library has: its podcast number.
                show.podcast.map { tr("podcast %d", Int($0)) } ?? "",
            ]
        }
        return table.render(width: width)
    }

    /// The line under the table: how to subscribe, and until when the numbers hold.
    static func hint(count: Int) -> String {
        // TRANSLATORS: "earshot add N" is a command: keep it as it is.
        guard count != 1 else { return tr("earshot add N subscribes to one of these (N from 1, for the next hour).") }
        // TRANSLATORS: "earshot add N" is a command: keep it as it is; %d is the number of shows listed.
        return tr("earshot add N subscribes to one of these (N from 1 to %d, for the next hour).", count)
    }
}
