import EarshotLocale
import Foundation

/// The tables of episodes: `earshot episodes` (number, released, length, played, Up Next place,
/// the podcast when several are listed, title with ★ when starred) and `earshot queue` (place, number, length, podcast, title).
enum EpisodeTable {
    static func render(_ episodes: [EpisodeRecord], showPodcast: Bool, width: Int?, timeZone: TimeZone = .current) -> String {
        guard !episodes.isEmpty else { return tr("No episodes.") }
        // TRANSLATORS: column headings of `earshot episodes`; a column widens to fit its heading, so keep them short.
        // "queued" is the episode's place in Up Next.
        var columns: [TextTable.Column] = [
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: "#", alignRight: true), .init(header: trc("column heading", "released")),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "length"), alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "played"), alignRight: true), .init(header: trc("column heading", "queued"), alignRight: true),
        ]
        // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
        if showPodcast { columns.append(.init(header: trc("column heading", "podcast"), flexible: true)) }
        // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
        columns.append(.init(header: trc("column heading", "title"), flexible: true))
        var table = TextTable(columns: columns)
        table.rows = episodes.map { episode in
            var row = [
                (episode.current == true ? "▶ " : "") + String(episode.id),
                episode.released.map { TimeText.day($0, timeZone: timeZone) } ?? "?",
                TimeText.clock(episode.duration), played(episode),
                episode.queuePosition.map(String.init) ?? "",
            ]
            if showPodcast { row.append(episode.podcastTitle ?? "") }
            row.append((episode.starred == true ? "★ " : "") + episode.displayTitle)
            return row
        }
        return table.render(width: width)
    }

    static func renderQueue(_ episodes: [EpisodeRecord], width: Int?) -> String {
        guard !episodes.isEmpty else { return tr("Up Next is empty.") }
        var table = TextTable(columns: [
            .init(header: "", alignRight: true), .init(header: "#", alignRight: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "length"), alignRight: true), .init(header: trc("column heading", "podcast"), flexible: true),
            // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
            .init(header: trc("column heading", "title"), flexible: true),
        ])
        table.rows = episodes.enumerated().map { index, episode in
            [
                "\(episode.queuePosition ?? index + 1).", String(episode.id), TimeText.clock(episode.duration),
                episode.podcastTitle ?? "", episode.displayTitle,
            ]
        }
        return table.render(width: width)
    }

    /// "done", the position reached, or nothing for an episode not started.
    static func played(_ episode: EpisodeRecord) -> String {
        // TRANSLATORS: the "played" cell of an episode heard to the end (a table cell: keep it short).
        if episode.completed == true { return trc("played column", "done") }
        guard let position = episode.position, position >= 1 else { return "" }
        return TimeText.clock(position)
    }
}
