import Foundation

/// The numbered table `earshot search` and `earshot top` print: number, title, author, episodes, the
/// newest episode, the directories that list it, and the podcast number when the library has it.
enum FoundShowTable {
    static func render(_ shows: [FoundShowRecord], width: Int?, now: Date = Date()) -> String {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "title", flexible: true), .init(header: "author", flexible: true),
            .init(header: "episodes", alignRight: true), .init(header: "latest"), .init(header: "directory"),
            .init(header: "library"),
        ])
        table.rows = shows.map { show in
            [
                String(show.number), show.title, show.author ?? "", show.episodes.map(String.init) ?? "",
                show.latest.map { TimeText.ago($0, now: now) } ?? "", show.directories.joined(separator: ", "),
                show.podcast.map { "podcast \($0)" } ?? "",
            ]
        }
        return table.render(width: width)
    }

    /// The line under the table: how to subscribe, and until when the numbers hold.
    static func hint(count: Int) -> String {
        let range = count == 1 ? "1" : "1 to \(count)"
        return "earshot add N subscribes to one of these (N from \(range), for the next hour)."
    }
}
