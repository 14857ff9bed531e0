import EarshotTUI
import Foundation

/// The client's records as the rows of the terminal interface.
extension PodcastItem {
    init(_ record: PodcastRecord) {
        self.init(id: record.id, title: record.displayTitle, episodes: record.episodes ?? 0, unplayed: record.unplayed ?? 0,
                  lastChecked: record.lastChecked)
    }
}

extension EpisodeItem {
    init(_ record: EpisodeRecord, downloaded: Bool = false) {
        self.init(id: record.id, title: record.displayTitle, podcastTitle: record.podcastTitle ?? "", released: record.released,
                  duration: record.duration, position: record.position ?? 0, completed: record.completed ?? false,
                  queuePosition: record.queuePosition, starred: record.starred ?? false, current: record.current ?? false,
                  downloaded: downloaded)
    }
}

extension EarshotTUI.FindHit {
    init(_ hit: FindHit) {
        self.init(number: hit.number, podcastTitle: hit.podcastTitle ?? "", episodeTitle: hit.episodeTitle ?? "",
                  place: hit.place, at: hit.at, snippet: hit.snippet)
    }
}

extension NowPlaying {
    /// What Status says plays, known at `now`.
    init(_ status: StatusRecord, now: Date) {
        let sleep = status.sleepTimer.map { timer in
            timer.remaining.map { Clock.time($0) } ?? timer.mode.replacingOccurrences(of: "-", with: " ")
        }
        self.init(state: State(rawValue: status.status) ?? .stopped, episode: status.episode?.id,
                  title: status.episode?.displayTitle ?? "", podcastTitle: status.podcast?.displayTitle ?? status.episode?.podcastTitle ?? "",
                  position: status.position ?? 0, duration: status.episode?.duration, rate: status.rate ?? 1, sleep: sleep,
                  chapter: status.chapter?.title, known: now)
    }
}

/// Lines of the episode page, the downloads, the history and the stats.
enum TUILines {
    static func page(of episode: EpisodeItem) -> [InfoLine] {
        var lines = [InfoLine(episode.title), InfoLine(episode.podcastTitle), InfoLine("")]
        var facts = [Clock.day(episode.released), Clock.time(episode.duration)]
        if episode.completed { facts.append("played") } else if episode.inProgress { facts.append("at " + Clock.time(episode.position)) }
        if episode.starred { facts.append("starred") }
        if let place = episode.queuePosition { facts.append("#\(place) in Up Next") }
        lines.append(InfoLine(facts.filter { !$0.isEmpty }.joined(separator: " · "),
                              bar: episode.inProgress ? episode.duration.map { episode.position / max(1, $0) } : nil))
        lines.append(InfoLine("Enter plays · m marks played · s stars · d downloads · a adds to Up Next"))
        return lines
    }

    static func chapters(_ chapters: [ChapterRecord]) -> [InfoLine] {
        guard !chapters.isEmpty else { return [] }
        return [InfoLine(""), InfoLine("Chapters")] + chapters.map { chapter in
            InfoLine((chapter.current ? "▶ " : "  ") + Clock.time(chapter.start) + "  " + chapter.title + (chapter.link.map { "  <\($0)>" } ?? ""))
        }
    }

    static func transcript(_ transcript: TranscriptRecord) -> [InfoLine] {
        guard !transcript.segments.isEmpty else { return [] }
        return [InfoLine(""), InfoLine("Transcript (Enter plays from a line)")] + transcript.segments.map { line in
            InfoLine((line.start.map { Clock.time($0) + "  " } ?? "") + (line.speaker.map { $0 + ": " } ?? "") + line.text, at: line.start)
        }
    }

    /// Show notes, a line a paragraph, then the addresses they link to.
    static func notes(_ text: String, links: [String]) -> [InfoLine] {
        let paragraphs = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var lines = paragraphs.isEmpty ? [] : [InfoLine(""), InfoLine("Show notes")] + paragraphs.map { InfoLine($0) }
        if !links.isEmpty {
            lines += [InfoLine(""), InfoLine("Links")] + links.enumerated().map { InfoLine("[\($0.offset + 1)] " + $0.element) }
        }
        return lines
    }

    static func downloads(_ items: [DownloadItem]) -> [InfoLine] {
        items.map { item in
            let fraction = item.totalBytes.flatMap { total in item.bytes.map { total > 0 ? Double($0) / Double(total) : 0 } }
            return InfoLine((item.title ?? "episode \(item.episode)") + " — " + (item.podcastTitle ?? ""),
                            bar: item.state == "completed" ? 1 : fraction ?? 0, trailing: item.error.map { "failed: \($0)" } ?? item.state)
        }
    }

    static func history(_ entries: [HistoryEntry]) -> [InfoLine] {
        entries.map { entry in
            InfoLine(Clock.day(entry.started) + "  " + (entry.title ?? "") + " — " + (entry.podcastTitle ?? ""),
                     trailing: Clock.time(entry.listened) + (entry.finished == true ? " ✓" : ""))
        }
    }

    /// Time listened per podcast and per month, as bars against the largest.
    static func stats(_ stats: StatsRecord) -> [InfoLine] {
        func bars(_ lines: [StatsRecord.Line]) -> [InfoLine] {
            let most = max(1, lines.map(\.listened).max() ?? 1)
            return lines.map { InfoLine($0.name, bar: $0.listened / most, trailing: Clock.time($0.listened)) }
        }
        return [InfoLine("All: \(Clock.time(stats.all.listened)) listened in \(stats.all.sessions) sessions, \(stats.all.finished) finished"),
                InfoLine(""), InfoLine("Per month")] + bars(stats.months) + [InfoLine(""), InfoLine("Per podcast")] + bars(stats.podcasts)
    }
}
