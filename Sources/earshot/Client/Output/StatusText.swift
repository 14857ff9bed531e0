import EarshotFeed
import EarshotLocale
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
        var head = "\(symbol) \(state(status.status))"
        if let episode = status.episode {
            head += "  \(TimeText.clock(status.position ?? episode.position)) / \(TimeText.clock(episode.duration))"
            if let rate = status.rate, rate != 1 { head += "  \(NumberText.short(rate))×" }
            head += "  " + title(episode, podcast: status.podcast?.displayTitle)
        } else {
            // TRANSLATORS: `earshot status` when no episode is selected, after "■ Stopped".
            head += "  " + tr("(nothing selected)")
        }
        lines.append(fit(head, width))
        // TRANSLATORS: the people of the playing episode (podcast:person): "With Ann, Bob (guest)".
        if let people = status.episode?.people { lines.append(fit(tr("With %s", people.joined(separator: ", ")), width)) }
        if let chapter = status.chapter {
            let line = if let chapters = status.chapters {
                // TRANSLATORS: the playing chapter: its number, how many chapters there are, its title.
                tr("Chapter %1$d of %2$d: %3$s", chapter.number, chapters, chapter.title)
            } else {
                // TRANSLATORS: the playing chapter: its number and its title.
                tr("Chapter %1$d: %2$s", chapter.number, chapter.title)
            }
            lines.append(fit(line, width))
        }
        if let timer = status.sleepTimer { lines.append(fit(SleepText.render(timer), width)) }
        // TRANSLATORS: the time trimming silences saved in the playing episode: "Trimming silences saved 1:23".
        if let saved = status.timeSaved { lines.append(tr("Trimming silences saved %s", TimeText.clock(saved))) }
        if status.searchIndex == "rebuilding" { lines.append(FindText.rebuilding) }
        if !status.upNext.isEmpty {
            // TRANSLATORS: `earshot status`: the heading above the first episodes of Up Next.
            lines.append(tr("Up next:"))
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

    /// The player's state as MPRIS names it ("Playing", "Paused", "Stopped"), in the listener's language.
    private static func state(_ status: String) -> String {
        switch status {
        // TRANSLATORS: `earshot status`'s first word: the player's state.
        case "Playing": trc("player state", "Playing")
        case "Paused": trc("player state", "Paused")
        case "Stopped": trc("player state", "Stopped")
        default: status
        }
    }
}
