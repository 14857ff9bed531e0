import EarshotLocale
import Foundation

/// The two lines always at the bottom: what plays (title, podcast, chapter), then the position bar, the
/// speed and the sleep timer.
enum PlayerBar {
    static func lines(_ playing: NowPlaying, width: Int, now: Date) -> [Line] {
        guard playing.episode != nil else {
            return [Line(Columns.fit(" " + tr("Nothing plays. Enter on an episode plays it."), to: width), .dim), Line()]
        }
        let symbol = switch playing.state { case .playing: "▶"; case .paused: "⏸"; case .stopped: "■" }
        var first = [Span(" " + symbol + " ", .playing), Span(playing.title, .playing), Span(" — " + playing.podcastTitle, .dim)]
        if let chapter = playing.chapter { first.append(Span(" · " + chapter, .accent)) }
        let position = playing.position(at: now)
        var tail = "  " + Clock.time(playing.duration)
        if abs(playing.rate - 1) > 0.001 { tail += "  " + Self.rate(playing.rate) }
        if let sleep = playing.sleep { tail += "  ☾ " + sleep }
        let head = " " + Clock.time(position) + " "
        let barWidth = max(0, width - Columns.width(of: head) - Columns.width(of: tail) - 1)
        let fraction = playing.duration.map { $0 > 0 ? position / $0 : 0 } ?? 0
        let second = [Span(head)] + Rows.bar(fraction, width: barWidth) + [Span(tail)]
        return [Rows.clip(Line(first), to: width), Rows.clip(Line(second), to: width)]
    }

    /// "1.5×".
    static func rate(_ rate: Double) -> String {
        let tenths = (rate * 100).rounded() / 100
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + "×"
    }
}
