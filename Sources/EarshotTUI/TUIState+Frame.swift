import EarshotLocale
import Foundation

/// The state drawn as a screen: the title line, the open view's rows, the message line and the player
/// bar at the bottom.
extension TUIState {
    /// The screen at `now` (the playhead moves with the clock while playing).
    public func frame(now: Date) -> Frame {
        var lines = [titleLine()]
        let spoken = spokenRow(now: now)
        var cursor = self.cursor
        if following, let spoken { cursor.select(spoken + listHeight / 2, height: listHeight); cursor.select(spoken, height: listHeight) }
        let rows = cursor.visible(height: listHeight)
        let art = artPlacement
        for index in rows {
            var line = row(index, now: now)
            if index == spoken { line = Line("▸" + String(line.text.dropFirst()), .playing) }
            if index == self.cursor.selected, view != .help { line = Line(line.spans.map { Span($0.text, .selected) }) }
            lines.append(Self.padded(art == nil ? line : Rows.clip(line, to: pageWidth), to: width))
        }
        if rows.isEmpty { lines.append(Line(Columns.cut(emptyText, to: width), .dim)) }
        while lines.count < height - 3 { lines.append(Line()) }
        lines.append(messageLine())
        lines.append(contentsOf: PlayerBar.lines(nowPlaying, width: width, now: now))
        return Frame(width: width, lines: Array(lines.prefix(height)), art: art)
    }

    private func titleLine() -> Line {
        let path = stack.count > 1 && stack[0] == .library && View.tabs.contains(stack[1]) ? Array(stack.dropFirst()) : stack
        let title = " " + path.map(\.name).joined(separator: " › ")
        let right = " " + (typing ? tr("typing: Esc stops") : tr("? keys")) + " "
        let counted = view == .help ? title : title + "  (\(cursor.count))"
        let room = max(0, width - Columns.width(of: right))
        return Line([Span(Columns.fit(counted, to: room), .header), Span(Columns.cut(right, to: width - room), .header)])
    }

    private var emptyText: String {
        switch view {
        case .library: " " + tr("No podcasts yet: `earshot add URL` subscribes, or search the directories with `earshot search`.")
        case .find: " " + (query.isEmpty ? tr("Type words to find them in titles, show notes, chapters and transcripts.") : tr("Nothing found."))
        case .upNext: " " + tr("Up Next is empty: press a on an episode to add it.")
        case .inbox: " " + tr("The inbox is empty.")
        case .directory: " " + tr("Type words and Enter to search the directories; Enter on a show subscribes.")
        default: " " + tr("Nothing here.")
        }
    }

    private func messageLine() -> Line {
        if view == .find || view == .directory {
            let prompt = " " + (view == .find ? "/" + query : tr("search the directories: %s", directoryQuery)) + (typing ? "▏" : "")
            guard let message else { return Line(Columns.fit(prompt, to: width), .accent) }
            // What the last search said (a directory that failed) after the prompt.
            return Rows.clip(Line([Span(prompt, .accent), Span("  " + message.text, message.isError ? .error : .dim)]), to: width)
        }
        guard let message else { return Line() }
        return Line(Columns.fit(" " + message.text, to: width), message.isError ? .error : .dim)
    }

    /// Row `index` of the open view.
    func row(_ index: Int, now: Date) -> Line {
        switch view {
        case .library: return Rows.podcast(podcasts[index], width: width, now: now)
        case .podcast: return Rows.episode(episodes[index], width: width, showPodcast: false)
        case .inbox: return Rows.episode(inbox[index], width: width, showPodcast: true)
        case .upNext: return Rows.queued(upNext[index], number: index + 1, width: width)
        case .find: return Rows.hit(hits[index], width: width)
        case .episode: return Rows.info(page[index], width: width)
        case .downloads: return Rows.info(downloads[index].line, width: width)
        case .history: return Rows.info(history[index], width: width)
        case .stats: return Rows.info(stats[index], width: width)
        case .directory: return Rows.show(shows[index], width: width)
        case .help: return Line(Columns.cut(" " + KeyHelp.lines[index], to: width))
        }
    }

    /// `line` with spaces up to `width` (a selected row is highlighted across the screen).
    static func padded(_ line: Line, to width: Int) -> Line {
        let used = line.spans.reduce(0) { $0 + Columns.width(of: $1.text) }
        guard used < width else { return line }
        var line = line
        line.spans.append(Span(String(repeating: " ", count: width - used), line.spans.last?.style ?? .normal))
        return line
    }
}
