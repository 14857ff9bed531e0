import EarshotLocale
import Foundation

/// One row of each kind of list, laid out in a given width: a flexible title and fixed columns on the
/// right, which a narrow screen drops before it cuts the title.
enum Rows {
    static func podcast(_ podcast: PodcastItem, width: Int, now: Date) -> Line {
        let unplayed = podcast.unplayed > 0 ? trn("%d new", "%d new", podcast.unplayed, podcast.unplayed) : ""
        let right: Span = podcast.error.map { Span("⚠ " + $0, .error) } ?? Span(Clock.ago(podcast.lastChecked, now: now), .dim)
        let rightWidth = podcast.error == nil ? 12 : min(30, max(12, width / 3))
        return layout(title: [Span(podcast.title)], columns: [(Span(unplayed, .accent), 8), (right, rightWidth)], width: width)
    }

    static func episode(_ episode: EpisodeItem, width: Int, showPodcast: Bool) -> Line {
        var title = [Span(episode.title, episode.completed ? .dim : .normal)]
        if showPodcast, !episode.podcastTitle.isEmpty { title.append(Span(" — " + episode.podcastTitle, .dim)) }
        return layout(marks: marks(episode), title: title,
                      columns: [(Span(episode.queuePosition.map { "#\($0)" } ?? "", .accent), 4),
                                (progress(episode), 14), (Span(Clock.day(episode.released), .dim), 10)],
                      width: width)
    }

    static func queued(_ episode: EpisodeItem, number: Int, width: Int) -> Line {
        layout(marks: [Span(" \(number).".padding(toLength: 5, withPad: " ", startingAt: 0), .dim)] + marks(episode),
               title: [Span(episode.title), Span(" — " + episode.podcastTitle, .dim)],
               columns: [(progress(episode), 14)], width: width)
    }

    static func hit(_ hit: FindHit, width: Int) -> Line {
        var spans = [Span(hit.episodeTitle.isEmpty ? hit.podcastTitle : hit.episodeTitle, .normal)]
        if let at = hit.at { spans.append(Span(" @" + Clock.time(at), .accent)) }
        spans.append(Span("  "))
        // The snippet: matches (between U+0001 and U+0002) highlighted.
        for (index, part) in hit.snippet.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated() {
            let pieces = part.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false)
            if index > 0, let first = pieces.first { spans.append(Span(String(first), .match)) }
            let rest = index > 0 ? pieces.dropFirst() : pieces[...]
            for piece in rest { spans.append(Span(String(piece).replacingOccurrences(of: "\n", with: " "), .dim)) }
        }
        return layout(title: spans, columns: [(Span(hit.place, .dim), 10)], width: width)
    }

    static func show(_ show: ShowItem, width: Int) -> Line {
        var title = [Span(show.title)]
        if !show.author.isEmpty { title.append(Span(" — " + show.author, .dim)) }
        return layout(marks: [Span(show.subscribed ? " ✓ " : "   ", .accent)], title: title,
                      columns: [(Span(show.episodes.map { trn("%d ep.", "%d ep.", $0, $0) } ?? "", .dim), 9)], width: width)
    }

    static func info(_ line: InfoLine, width: Int) -> Line {
        guard let fraction = line.bar else { return Line(Columns.cut(" " + line.text, to: width)) }
        let barWidth = max(4, min(30, width / 3))
        let trailingWidth = Columns.width(of: line.trailing)
        let textWidth = max(1, width - barWidth - trailingWidth - 4)
        var spans = [Span(" " + Columns.fit(line.text, to: textWidth) + " ")]
        spans += bar(fraction, width: barWidth)
        spans.append(Span(" " + line.trailing, .dim))
        return clip(Line(spans), to: width)
    }

    /// ▶ the player's episode, ✓ played, ◐ in progress; ★ starred; ↓ downloaded.
    static func marks(_ episode: EpisodeItem) -> [Span] {
        let state = episode.current ? "▶" : episode.completed ? "✓" : episode.inProgress ? "◐" : " "
        return [Span(" " + state, episode.current ? .playing : .dim), Span(episode.starred ? "★" : " ", .accent),
                Span(episode.downloaded ? "↓" : " ", .accent), Span(" ")]
    }

    /// An episode's length, or for one in progress a bar of how far the listener got.
    static func progress(_ episode: EpisodeItem) -> Span {
        guard episode.inProgress, let duration = episode.duration, duration > 0 else { return Span(Clock.time(episode.duration), .dim) }
        let cells = 6, done = Int((min(1, episode.position / duration) * Double(cells)).rounded())
        return Span(String(repeating: "█", count: done) + String(repeating: "░", count: cells - done) + " "
                    + Clock.time(duration - episode.position), .accent)
    }

    /// A bar `width` cells wide, `fraction` of it filled.
    static func bar(_ fraction: Double, width: Int) -> [Span] {
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let done = Int((clamped * Double(width)).rounded(.down))
        return [Span(String(repeating: "━", count: done), .barDone), Span(String(repeating: "─", count: width - done), .barLeft)]
    }

    /// Marks, a title that takes what is left, and right-aligned columns (each `(span, width)`); the
    /// columns go, from the left, when the title would get fewer than 16 columns.
    static func layout(marks: [Span] = [Span(" ")], title: [Span], columns: [(Span, Int)], width: Int) -> Line {
        let marksWidth = marks.reduce(0) { $0 + Columns.width(of: $1.text) }
        var columns = columns
        while !columns.isEmpty, width - marksWidth - columns.reduce(0, { $0 + $1.1 + 1 }) < 16 { columns.removeFirst() }
        let titleWidth = max(0, width - marksWidth - columns.reduce(0) { $0 + $1.1 + 1 })
        var spans = marks + fit(title, to: titleWidth)
        for (span, columnWidth) in columns { spans.append(Span(" " + Columns.fitRight(span.text, to: columnWidth), span.style)) }
        return clip(Line(spans), to: width)
    }

    /// Spans cut together to `width` columns (the last one that does not fit ends in "…"), padded.
    static func fit(_ spans: [Span], to width: Int) -> [Span] {
        var result: [Span] = [], used = 0
        for span in spans {
            let room = width - used
            guard room > 0 else { break }
            let text = Columns.cut(span.text, to: room)
            result.append(Span(text, span.style))
            used += Columns.width(of: text)
            if text != span.text { break }
        }
        if used < width { result.append(Span(String(repeating: " ", count: width - used))) }
        return result
    }

    /// `line` no wider than `width`.
    static func clip(_ line: Line, to width: Int) -> Line { Line(fit(line.spans, to: width)) }
}
