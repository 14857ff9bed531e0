import EarshotFeed
import Foundation

/// What `earshot status` prints:
///
///     ▶ Playing  12:03 / 58:20  Episode title — Podcast
///     Chapter 3 of 7: The interview
///     Sleep timer: pauses in 14:52
///     Trimming silences saved 1:23
///     Up next:
///       1. Next title — Podcast  (45:10)
enum StatusText {
    static func render(_ status: StatusRecord, width: Int?) -> String {
        var lines: [String] = []
        let symbol = switch status.status {
        case "Playing": "▶"
        case "Paused": "⏸"
        default: "■"
        }
        var head = "\(symbol) \(status.status)"
        if let episode = status.episode {
            head += "  \(TimeText.clock(status.position ?? episode.position)) / \(TimeText.clock(episode.duration))"
            if let rate = status.rate, rate != 1 { head += "  \(formatRate(rate))×" }
            head += "  " + title(episode, podcast: status.podcast?.displayTitle)
        } else {
            head += "  (nothing selected)"
        }
        lines.append(fit(head, width))
        if let people = status.episode?.people { lines.append(fit("With " + people.joined(separator: ", "), width)) }
        if let chapter = status.chapter {
            lines.append(fit("Chapter \(chapter.number)\(status.chapters.map { " of \($0)" } ?? ""): \(chapter.title)", width))
        }
        if let timer = status.sleepTimer { lines.append(fit(SleepText.render(timer), width)) }
        if let saved = status.timeSaved { lines.append("Trimming silences saved \(TimeText.clock(saved))") }
        if status.searchIndex == "rebuilding" { lines.append(FindText.rebuilding) }
        if !status.upNext.isEmpty {
            lines.append("Up next:")
            for (index, episode) in status.upNext.prefix(3).enumerated() {
                lines.append(fit("  \(index + 1). \(title(episode, podcast: episode.podcastTitle))  (\(TimeText.clock(episode.duration)))", width))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func title(_ episode: EpisodeRecord, podcast: String?) -> String {
        episode.displayTitle + ((podcast ?? episode.podcastTitle).map { " — \($0)" } ?? "")
    }

    /// The line with feed text's control and bidi characters escaped, cut to `width`.
    private static func fit(_ line: String, _ width: Int?) -> String {
        let line = SafeText.escaped(line)
        return width.map { line.truncated(toWidth: $0) } ?? line
    }

    private static func formatRate(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(format: "%g", rate)
    }
}
