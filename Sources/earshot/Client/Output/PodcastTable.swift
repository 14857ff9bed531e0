import Foundation

/// The table `earshot podcasts` prints: number, title, episodes, unplayed, last checked, auto-queue.
enum PodcastTable {
    static func render(_ podcasts: [PodcastRecord], width: Int?, now: Date = Date()) -> String {
        guard !podcasts.isEmpty else { return "No podcasts yet. Subscribe with: earshot add URL" }
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "title", flexible: true),
            .init(header: "episodes", alignRight: true), .init(header: "unplayed", alignRight: true),
            .init(header: "last checked"), .init(header: "auto-queue"),
        ])
        table.rows = podcasts.map { podcast in
            [
                String(podcast.id), podcast.displayTitle, podcast.episodes.map(String.init) ?? "?",
                podcast.unplayed.map(String.init) ?? "?", podcast.lastChecked.map { TimeText.ago($0, now: now) } ?? "never",
                podcast.autoQueue.map { $0 ? "on" : "off" } ?? "?",
            ]
        }
        return table.render(width: width)
    }
}
